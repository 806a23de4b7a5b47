import { setFlagsFromString } from 'node:v8';

/**
 * The store's process compiles PostgreSQL's WebAssembly (9 MB, the embedded database) with V8's
 * optimising compiler only, once, instead of its default of a quick baseline compile of every
 * function followed by an optimised compile of each function that turns out hot (decision 044,
 * fifth round). The default keeps two sets of machine code for the hot part of PostgreSQL, and
 * its tier-ups run during the first sales: measured on this machine, the embedded store held
 * 25–40 MB more with it, for the same queries per second. The cost is the start: the optimised
 * compile of the whole module takes about 2 s on 2 cores, once per process, before the database
 * opens; the baseline took 0.5 s.
 *
 * A V8 flag is process-wide and read when a module is compiled, so this runs before the database
 * client compiles the module (pglite-worker-client.ts, `pgliteAssets`). Only the store's entry
 * point calls it: tests and scripts keep V8's default, which starts faster.
 */
export function compileEmbeddedDatabaseOptimisedOnly(): void {
  setFlagsFromString('--no-liftoff');
}
