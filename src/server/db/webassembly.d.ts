// Node runs WebAssembly, but @types/node 20 declares none of it (TypeScript has it in lib.dom, which
// the server's type check leaves out: decision 034). These are the parts the embedded database's
// worker uses; the interface merges with PGlite's and esbuild's own mentions of the module type.
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- opaque: only passed along
  interface Module {}
  function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
  class RuntimeError extends Error {}
}
