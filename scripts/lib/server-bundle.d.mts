import type { BuildResult } from 'esbuild';

export declare const PGLITE_WORKER_ENTRY: Record<string, string>;
export declare function bundleServer(options: { entryPoints: Record<string, string>; outdir: string; sourcemap?: boolean }): Promise<BuildResult<{ metafile: true }>>;
