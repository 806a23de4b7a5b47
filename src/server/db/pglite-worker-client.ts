import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import { PGLITE_WORKER_FILE, PROJECT_ROOT } from '../paths';
import { CREATE_DATA_DIR_ENV, type Reply, type Request, type WireError, type WireQueryOptions, type WorkerStart } from './pglite-worker-protocol';

/** The part of a PGlite transaction drizzle uses (`query`), and `exec` for scripts. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  readonly closed: boolean;
}

/**
 * How long this thread waits, blocked, for the answer to a statement inside a transaction before it
 * goes back to the event loop to wait (decision 044). PGlite has one connection: while a transaction
 * holds it, every other statement of the store waits. Waiting for its answers in the event loop, a
 * transaction's next statement also queued behind whatever HTTP work was ready meanwhile, so under
 * load a payment of 10 statements of 0.3 ms each held the database for 15 to 20 ms. Waiting here,
 * the transaction goes on as soon as each answer comes, and the few milliseconds it blocks this
 * thread are milliseconds in which no other request could use the database anyway. A statement
 * slower than this (a migration, an import) is waited for in the event loop as before.
 */
const IN_TRANSACTION_WAIT_MS = 5;

/** SQLSTATE connection_failure: lib/database-unavailable.ts answers 503 with Retry-After for it. */
const WORKER_GONE_CODE = '08006';

/**
 * PGlite in a worker thread (decision 025), seen from the app's thread: the PGlite calls the app
 * and drizzle make (`query`, `exec`, `transaction`, `listen`, `close`, `closed`) with the same
 * results and errors, so `drizzle-orm/pglite` drives it as it drives PGlite.
 *
 * - Each call is a message carrying SQL and parameters; the answer carries rows already parsed by
 *   PGlite (dates, numbers, JSON), except for the types a call gives `parsers` for: those arrive as
 *   PostgreSQL's text and the call's own parser runs here, as PGlite would have run it.
 * - A transaction holds PGlite's single connection from BEGIN to COMMIT in the worker; statements
 *   from outside wait there behind it, as in one thread.
 * - Errors arrive with their PostgreSQL fields (code, detail, constraint...), as PGlite's
 *   DatabaseError, with the query and parameters put back.
 * - If the worker dies (a crash, an abort inside the WebAssembly, out of memory), every waiting
 *   and later call fails with SQLSTATE 08006 and `lost` settles: the app logs it and stops.
 */
export class PgliteWorkerClient {
  /** Settles, never rejects, with the reason if the worker stops without being closed. */
  readonly lost: Promise<Error>;
  readonly #worker: Worker;
  readonly #replies: MessagePort;
  readonly #repliesSent: Int32Array;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; sql?: string; params?: unknown[]; options?: QueryOptions }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #closing = false;
  #gone: Error | null = null;
  #onLost!: (error: Error) => void;

  private constructor(worker: Worker, replies: MessagePort, repliesSent: SharedArrayBuffer) {
    this.#worker = worker;
    this.#replies = replies;
    this.#repliesSent = new Int32Array(repliesSent);
    this.lost = new Promise((resolve) => (this.#onLost = resolve));
    replies.on('message', (reply: Reply) => this.#receive(reply));
    // The worker keeps the process alive while it runs, as before; its replies port need not.
    replies.unref();
    worker.on('error', (error) => this.#fail(`the database worker crashed: ${error.message}`, error));
    worker.on('messageerror', (error) => this.#fail(`the database worker sent an unreadable message: ${error.message}`, error));
    replies.on('messageerror', (error) => this.#fail(`the database worker sent an unreadable message: ${error.message}`, error));
    worker.on('exit', (code) => this.#fail(`the database worker exited with code ${code}`));
  }

  /**
   * Starts the worker and waits until its PGlite is open (a new folder is created first, in a
   * process of its own). `workerFile` is the worker's entry, by default the one beside this code
   * (paths.ts); the API tests, which run from the sources, pass the run's build of it, so that each
   * of their ~120 databases starts without compiling TypeScript (tests/support/server-bundle.ts).
   */
  static async start(options: Pick<WorkerStart, 'dataDir' | 'loadDataDir'> & { workerFile?: string } = {}): Promise<PgliteWorkerClient> {
    const { workerFile = PGLITE_WORKER_FILE, ...start } = options;
    if (start.dataDir && !existsSync(path.join(start.dataDir, 'PG_VERSION'))) await createDataFolder(start.dataDir, workerFile);
    return PgliteWorkerClient.#spawn(start, workerFile);
  }

  static async #spawn(options: Pick<WorkerStart, 'dataDir' | 'loadDataDir'>, workerFile: string): Promise<PgliteWorkerClient> {
    const channel = new MessageChannel();
    const repliesSent = new SharedArrayBuffer(4);
    const workerData: WorkerStart = { ...options, ...(await pgliteAssets()), replies: channel.port2, repliesSent };
    const transferList = [channel.port2];
    const shared = { workerData, transferList, resourceLimits: WORKER_HEAP_LIMITS };
    const worker = workerFile.endsWith('.ts') ? new Worker(typescriptBootstrap(workerFile), { eval: true, ...shared }) : new Worker(workerFile, shared);
    const started = await new Promise<WireError | null>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the database worker exited with code ${code} while starting`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (reply: Reply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (reply.kind === 'ready') resolve(null);
        else if (reply.kind === 'startFailed') resolve(reply.error);
        else reject(new Error(`the database worker said ${reply.kind} before it was ready`));
      });
    });
    if (started) {
      channel.port1.close();
      await worker.terminate();
      throw revive(started);
    }
    return new PgliteWorkerClient(worker, channel.port1, repliesSent);
  }

  get closed(): boolean {
    return this.#closing || this.#gone !== null;
  }

  /** The worker thread, for tests that need to kill it. */
  get worker(): Worker {
    return this.#worker;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(sql, params, options, undefined);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options, undefined);
  }

  /**
   * `callback` runs with the worker's connection to itself: drizzle's own savepoints (nested
   * transactions) are statements inside it. COMMIT when it resolves, ROLLBACK when it throws; a
   * COMMIT that PostgreSQL turns into a rollback rejects with 25P02, as PGlite's does.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextId++;
    await this.#call({ op: 'begin', id: 0, tx: txId });
    let closed = false;
    const tx: WorkerTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        closed ? Promise.reject(new Error('Transaction is closed')) : this.#query<R>(sql, params, options, txId),
      exec: (sql: string, options?: QueryOptions) => (closed ? Promise.reject(new Error('Transaction is closed')) : this.#exec(sql, options, txId)),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // The callback's error is the one that matters; a failed ROLLBACK (a dead worker) adds nothing.
      await this.#call({ op: 'end', id: 0, tx: txId, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', id: 0, tx: txId, commit: true });
    return result;
  }

  /** LISTEN on `channel`; answers a function that stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#nextId++;
    this.#listeners.set(listener, callback);
    try {
      await this.#call({ op: 'listen', id: 0, listener, channel });
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.#listeners.delete(listener);
      if (!this.closed) await this.#call({ op: 'unlisten', id: 0, listener });
    };
  }

  /** PGlite's `dumpDataDir`: the whole data folder as a tarball, taken between statements. */
  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    return (await this.#call({ op: 'dump', id: 0, compression })) as Blob;
  }

  /** Closes PGlite (after the work already sent), then ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    const closing = this.#call({ op: 'close', id: 0 });
    this.#closing = true;
    try {
      await closing;
    } finally {
      await this.#worker.terminate();
      this.#replies.close();
    }
  }

  #query<T>(sql: string, params: unknown[], options: QueryOptions | undefined, tx: number | undefined): Promise<Results<T>> {
    const wire = wireOptions(options);
    const answer = this.#call({ op: 'query', id: 0, tx, sql, params, options: wire }, { sql, params, options });
    if (tx !== undefined) this.#waitInTransaction();
    return answer.then((result) => parseRawColumns(result as Results<T>, options));
  }

  #exec(sql: string, options: QueryOptions | undefined, tx: number | undefined): Promise<Results[]> {
    const answer = this.#call({ op: 'exec', id: 0, tx, sql, options: wireOptions(options) }, { sql, options });
    if (tx !== undefined) this.#waitInTransaction();
    return answer.then((results) => (results as Results[]).map((result) => parseRawColumns(result, options)));
  }

  /**
   * Waits here, blocked, up to IN_TRANSACTION_WAIT_MS for the statement just sent (the newest
   * call) to be answered, taking the answers off the replies port as they come: its promise is
   * then settled before this thread returns to the event loop, so the transaction's next statement
   * follows at once. Notifications found meanwhile go to their listeners after, as they would have.
   */
  #waitInTransaction() {
    const id = this.#nextId - 1;
    const deadline = performance.now() + IN_TRANSACTION_WAIT_MS;
    for (;;) {
      const seen = Atomics.load(this.#repliesSent, 0);
      for (let message = receiveMessageOnPort(this.#replies); message; message = receiveMessageOnPort(this.#replies)) {
        const reply = message.message as Reply;
        if (reply.kind === 'notify') queueMicrotask(() => this.#receive(reply));
        else this.#receive(reply);
      }
      if (!this.#pending.has(id) || this.#gone) return;
      const left = deadline - performance.now();
      if (left <= 0) return;
      Atomics.wait(this.#repliesSent, 0, seen, left);
    }
  }

  #call(request: Request, context: { sql?: string; params?: unknown[]; options?: QueryOptions | undefined } = {}): Promise<unknown> {
    if (this.#gone) return Promise.reject(goneError(this.#gone.message));
    if (this.#closing) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, ...context });
      try {
        // Parameters that cannot be cloned (a function, a class with private state) fail here, not in the worker.
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        this.#pending.delete(id);
        reject(error as Error);
      }
    });
  }

  #receive(reply: Reply) {
    if (reply.kind === 'notify') {
      this.#listeners.get(reply.listener)?.(reply.payload);
      return;
    }
    if (reply.kind !== 'result' && reply.kind !== 'error') return;
    const call = this.#pending.get(reply.id);
    if (!call) return;
    this.#pending.delete(reply.id);
    if (reply.kind === 'result') {
      call.resolve(reply.value);
      return;
    }
    const error = revive(reply.error);
    // As PGlite's own errors carry them (makePGliteError); the log serializer leaves the values out.
    if (error instanceof messages.DatabaseError) Object.assign(error, { query: call.sql, params: call.params, queryOptions: call.options });
    call.reject(error);
  }

  #fail(reason: string, cause?: Error) {
    if (this.#gone || (this.#closing && !cause)) return;
    const error = goneError(reason, cause);
    this.#gone = error;
    for (const call of this.#pending.values()) call.reject(goneError(reason, cause));
    this.#pending.clear();
    this.#listeners.clear();
    if (!this.#closing) this.#onLost(error);
  }
}

/**
 * A new folder: PGlite creates it (initdb) with two more WebAssembly instances of its own (initdb
 * and a bootstrap PostgreSQL), about 500 MB at their peak. In a thread of this process that memory
 * stayed: the WebAssembly memories went back, but C's allocator kept about 70 MB that the
 * compilers had freed (decision 025), and the process peaked at 890 MB. In a process of its own
 * all of it goes back to the system when the process ends.
 */
async function createDataFolder(dataDir: string, workerFile: string): Promise<void> {
  const args = workerFile.endsWith('.ts') ? ['--input-type=module', '--eval', typescriptBootstrap(workerFile)] : [workerFile];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, [CREATE_DATA_DIR_ENV]: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dataDir} (exit code ${code}): ${stderr.trim()}`);
}

/**
 * The worker's JavaScript heap: it passes statements and rows between the app and PGlite, and
 * what it allocates dies within the statement. V8's default young generation grew to 32 MB there
 * during the sales benchmark, resident and of no use (decision 044, fifth round); 12 MB (4 MB
 * semi-spaces) holds a statement's garbage many times over, and its scavenges stay short. It caps
 * only the young generation: a large result is promoted to the old one, which has no cap here.
 */
const WORKER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 12 };

let assets: Promise<Pick<WorkerStart, 'pgliteWasmModule' | 'fsBundle'>> | undefined;

/**
 * PostgreSQL's WebAssembly, compiled once and handed to every worker (a compiled module crosses
 * threads without being copied), and its file bundle: a test run starts a database per test file,
 * and each worker compiling the 9 MB module itself cost about half a second more.
 */
function pgliteAssets() {
  assets ??= (async () => {
    const require = createRequire(import.meta.url);
    const [wasm, data] = await Promise.all([
      readFile(require.resolve('@electric-sql/pglite/pglite.wasm')),
      readFile(require.resolve('@electric-sql/pglite/pglite.data')),
    ]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return assets;
}

/**
 * Node 20 cannot load TypeScript, and a worker does not apply `--import tsx` to its own entry file:
 * from the sources (tests, `npm run dev`) the worker (or the process creating a new folder)
 * registers tsx's loader, then imports the file.
 */
function typescriptBootstrap(file: string): string {
  const tsx = pathToFileURL(path.join(PROJECT_ROOT, 'node_modules/tsx/dist/esm/api/index.mjs')).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`;
}

function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('serializers, blob and onNotice cannot cross to the database worker');
  }
  const rawTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
  return { rowMode: options.rowMode, rawTypes, paramTypes: options.paramTypes };
}

/** Runs the call's own parsers on the columns the worker left as text, as PGlite runs them (nulls stay null). */
function parseRawColumns<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers) return result;
  // In object mode a repeated column name holds the last column's value, as in PGlite.
  const columns = new Map<string | number, { parse: (text: string, type: number) => unknown; type: number }>();
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID] as ((text: string, type: number) => unknown) | undefined;
    const key = options.rowMode === 'array' ? index : field.name;
    if (parse) columns.set(key, { parse, type: field.dataTypeID });
    else columns.delete(key);
  });
  if (columns.size === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const [key, { parse, type }] of columns) {
      const text = row[key];
      if (typeof text === 'string') row[key] = parse(text, type);
    }
  }
  return result;
}

/** The error as thrown in the worker: a DatabaseError with its PostgreSQL fields, or a plain Error. */
function revive(wire: WireError): Error {
  const error = wire.fromDatabase
    ? new messages.DatabaseError(wire.message, Number(wire.fields.length ?? 0), 'error')
    : Object.assign(new Error(wire.message), { name: wire.name });
  Object.assign(error, wire.fields);
  if (wire.stack) error.stack = wire.stack;
  return error;
}

function goneError(reason: string, cause?: Error): Error {
  return Object.assign(new Error(`The embedded database stopped: ${reason}`, cause ? { cause } : {}), { code: WORKER_GONE_CODE });
}
