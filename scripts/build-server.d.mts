export declare function buildServer(options?: { outDir?: string; sourcemap?: boolean }): Promise<void>;
