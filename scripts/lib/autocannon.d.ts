/** The part of autocannon's API (a devDependency without published types) that bench-abuse.ts uses. */
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }
  interface AutocannonResult {
    requests: { total: number };
    /** Per status code (as a string), how many answers had it. */
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
