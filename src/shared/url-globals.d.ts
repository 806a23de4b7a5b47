// Shared code runs in the browser and in Node, so its type check sees neither platform's types
// (src/shared/tsconfig.json: lib ES2023 only, decision 034). Both platforms have the WHATWG URL
// API; these are the parts of it shared code uses. The server and web checks use their platform's
// own declarations instead: this file is in no other configuration.
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}

declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
}
