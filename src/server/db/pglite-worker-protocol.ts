import type { MessagePort } from 'node:worker_threads';

/**
 * The messages between the app's thread and the embedded database's worker (decision 025).
 * Everything here crosses `postMessage`, so it is plain structured-cloneable data: no functions
 * (PGlite's per-query `parsers` are applied on the app's side, see pglite-worker-client.ts), no
 * class instances but Date, Uint8Array, Blob and errors rebuilt from their fields.
 */

/**
 * Set (to a folder) when pglite-worker.ts runs as a process of its own: it creates a new embedded
 * database there (initdb) and exits, so that initdb's memory leaves with it (decision 025).
 */
export const CREATE_DATA_DIR_ENV = 'PGLITE_CREATE_DATA_DIR';

/** What the worker is started with (its `workerData`). */
export interface WorkerStart {
  /** A folder on disk; without it (and without `loadDataDir`) a fresh in-memory database. */
  dataDir?: string;
  /** An in-memory database loaded from a `dumpDataDir()` tarball (the tests' migrated copy). */
  loadDataDir?: Blob;
  /** PostgreSQL's WebAssembly, compiled once per process and shared by every worker it starts. */
  pgliteWasmModule?: WebAssembly.Module;
  /** PostgreSQL's own files (pglite.data), read once per process. */
  fsBundle?: Blob;
  /** Where the worker sends its replies (results, errors, notifications). */
  replies?: MessagePort;
  /** Replies sent so far (one Int32): the worker adds one and wakes the app's thread after each. */
  repliesSent?: SharedArrayBuffer;
}

/** PGlite's query options, minus what cannot cross a thread. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  /** Types the app parses itself: the worker hands their text over unparsed. */
  rawTypes?: number[];
  paramTypes?: number[];
}

export type Request =
  | { op: 'query'; id: number; tx?: number; sql: string; params: unknown[]; options: WireQueryOptions }
  | { op: 'exec'; id: number; tx?: number; sql: string; options: WireQueryOptions }
  /** BEGIN; answered once the transaction holds the database (other work waits behind it). */
  | { op: 'begin'; id: number; tx: number }
  /** COMMIT (or ROLLBACK when `commit` is false); answered when the database is free again. */
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; listener: number; channel: string }
  | { op: 'unlisten'; id: number; listener: number }
  /** PGlite's `dumpDataDir`: the data folder as a tarball, answered as a Blob (the online backup, backup.ts). */
  | { op: 'dump'; id: number; compression: 'gzip' | 'none' }
  | { op: 'close'; id: number };

export type Reply =
  | { kind: 'ready' }
  | { kind: 'startFailed'; error: WireError }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: WireError }
  | { kind: 'notify'; listener: number; payload: string };

/** An error as it crossed the thread: PostgreSQL's fields (code, detail, constraint...) included. */
export interface WireError {
  name: string;
  message: string;
  stack: string | undefined;
  /** A PostgreSQL error (PGlite's DatabaseError), rebuilt as one on the app's side. */
  fromDatabase: boolean;
  /** The error's own fields: `code`, `severity`, `detail`, `constraint`, `table`, `column`... */
  fields: Record<string, string | number | boolean | undefined>;
}
