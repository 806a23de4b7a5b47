import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's memory settings inside PGlite (decision 025). PGlite's WebAssembly memory grows
 * and never shrinks, and what PostgreSQL allocates in it is written at once, so each of these is
 * resident for the life of the process:
 * - `shared_buffers`: PostgreSQL's default of 128 MB was 130 MB of the store's resident memory.
 *   A page that falls out of 16 MB is read again from the operating system's file cache (a data
 *   folder) or from PGlite's in-memory file system: a copy, not a disk read.
 * - `maintenance_work_mem`: an index build (a migration on a full catalogue) or a VACUUM may take
 *   64 MB by default, and the memory stays taken; 16 MB builds the same index in more passes.
 */
export const EMBEDDED_MEMORY_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/**
 * A PGlite with the extensions the migrations create (pg_trgm: catalogue search, migration 0010).
 * PGlite keeps each extension's code outside its core, so every PGlite that opens this schema
 * (the app's worker, tests, scripts) is created here: one without them cannot create or use the
 * index. Kept apart from client.ts so that the database worker (pglite-worker.ts) loads PGlite and
 * nothing else: no drizzle, no node-postgres in its heap.
 */
export function createPglite(options: Omit<PGliteOptions, 'extensions' | 'startParams'> = {}): Promise<PGlite> {
  return PGlite.create({
    ...options,
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])],
    extensions: { pg_trgm },
  });
}
