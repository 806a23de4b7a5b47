/**
 * The embedded database's own thread (decision 025). PGlite runs PostgreSQL compiled to
 * WebAssembly, synchronously: on the HTTP thread every query stopped every request, so a few slow
 * catalogue queries held `/api/health` and cached pages for seconds. Here it runs beside the HTTP
 * thread, driven through PGlite's public API only; pglite-worker-client.ts is the other end.
 *
 * PGlite's own mutexes keep its single connection in order: a transaction holds the database from
 * BEGIN to COMMIT and other statements wait behind it, exactly as they did in one thread.
 *
 * Started as a process rather than a thread (with PGLITE_CREATE_DATA_DIR set), it creates a new
 * data folder and exits: the client does that before the first start on a folder.
 */
import { isMainThread, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { messages, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { createPglite } from './create-pglite';
import { queryInOneCall } from './pglite-query-in-one-call';
import { CREATE_DATA_DIR_ENV, type Reply, type Request, type WireError, type WireQueryOptions, type WorkerStart } from './pglite-worker-protocol';

const { replies, repliesSent } = (workerData ?? {}) as WorkerStart;
const sent = repliesSent ? new Int32Array(repliesSent) : null;

/**
 * Sends a reply on the replies port and counts it, waking the app's thread if it waits for the
 * reply of a statement inside a transaction (pglite-worker-client.ts, `#waitInTransaction`).
 */
function post(reply: Reply) {
  if (!replies || !sent || reply.kind === 'ready' || reply.kind === 'startFailed') {
    parentPort?.postMessage(reply);
    return;
  }
  replies.postMessage(reply);
  Atomics.add(sent, 0, 1);
  Atomics.notify(sent, 0);
}

/** Open transactions by the app's number: the PGlite transaction and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean, replyId: number) => void }>();
const unlisteners = new Map<number, () => Promise<void>>();
/** Rejects the transaction's callback so that PGlite rolls it back; not an error to report. */
const ROLLBACK = Symbol('rollback');
const keepText = (text: string) => text;

/**
 * PGlite's parsers (318 types) with the app's raw types left as text, one table per set of raw
 * types. PGlite merges a call's own parsers into its table on every call: a copy of 318 entries a
 * statement, a sixth of this thread's time in the sales benchmark (decision 044). Drizzle sends one
 * or two sets, the app's own code rather than anything a caller chooses, so the map stays small.
 */
const parserTables = new Map<string, PGlite['parsers']>();
function parserTableFor(pg: PGlite, rawTypes: number[] | undefined): PGlite['parsers'] {
  const key = rawTypes?.join(',') ?? '';
  let table = parserTables.get(key);
  if (!table) {
    table = { ...pg.parsers, ...Object.fromEntries((rawTypes ?? []).map((type) => [type, keepText])) };
    parserTables.set(key, table);
  }
  return table;
}

/** The options of PGlite's own query() and exec(), for the statements queryInOneCall leaves to them. */
function toPgliteOptions(pg: PGlite, options: WireQueryOptions): QueryOptions {
  return { rowMode: options.rowMode, paramTypes: options.paramTypes, parsers: parserTableFor(pg, options.rawTypes) };
}

function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), stack: undefined, fromDatabase: false, fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    // The query, its parameters and options are the app's own: it puts them back itself.
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as WireError['fields'][string];
  }
  return { name: error.name, message: error.message, stack: error.stack, fromDatabase: error instanceof messages.DatabaseError, fields };
}

function fail(id: number, error: unknown) {
  post({ kind: 'error', id, error: wireError(error) });
  // An abort inside the WebAssembly (out of bounds, unreachable) leaves PGlite's memory in an
  // unknown state: the thread ends, and the app hears it as a crash rather than limping on.
  if (error instanceof WebAssembly.RuntimeError) setImmediate(() => process.exit(70));
}

/** The result without what cannot or need not cross: a COPY's blob (the app never asks for one). */
function plain<T extends { blob?: unknown }>(result: T): Omit<T, 'blob'> {
  const { blob: _blob, ...rest } = result;
  return rest;
}

function begin(pg: PGlite, id: number, txId: number) {
  let began = false;
  let endReplyId = -1;
  pg.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        began = true;
        transactions.set(txId, {
          tx,
          end(commit, replyId) {
            endReplyId = replyId;
            if (commit) resolve();
            else reject(ROLLBACK);
          },
        });
        post({ kind: 'result', id, value: null });
      }),
  ).then(
    () => {
      transactions.delete(txId);
      post({ kind: 'result', id: endReplyId, value: null });
    },
    (error: unknown) => {
      transactions.delete(txId);
      if (error === ROLLBACK) post({ kind: 'result', id: endReplyId, value: null });
      else fail(began ? endReplyId : id, error);
    },
  );
}

function transactionFor(txId: number) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId} in the database worker`);
  return open;
}

async function handle(pg: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      if (request.tx !== undefined) transactionFor(request.tx);
      const fast = await queryInOneCall(pg, request.tx !== undefined, request.sql, request.params, request.options, parserTableFor(pg, request.options.rawTypes));
      if (fast) return plain(fast);
      const target = request.tx === undefined ? pg : transactionFor(request.tx).tx;
      return plain(await target.query(request.sql, request.params, toPgliteOptions(pg, request.options)));
    }
    case 'exec': {
      const target = request.tx === undefined ? pg : transactionFor(request.tx).tx;
      return (await target.exec(request.sql, toPgliteOptions(pg, request.options))).map(plain);
    }
    case 'listen': {
      const unlisten = await pg.listen(request.channel, (payload) => post({ kind: 'notify', listener: request.listener, payload }));
      unlisteners.set(request.listener, unlisten);
      return null;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener);
      unlisteners.delete(request.listener);
      if (unlisten && !pg.closed) await unlisten();
      return null;
    }
    case 'dump':
      // PGlite holds its query lock while it reads the files, so no statement runs meanwhile: the
      // tarball is the folder at one instant. A File (where there is one) goes across as a Blob.
      return new Blob([await pg.dumpDataDir(request.compression)]);
    case 'close':
      if (!pg.closed) await pg.close();
      return null;
    case 'begin':
    case 'end':
      throw new Error(`${request.op} is handled apart`);
  }
}

async function main(port: MessagePort) {
  let pg: PGlite;
  try {
    const { dataDir, replies: _replies, repliesSent: _repliesSent, ...options } = workerData as WorkerStart;
    pg = await createPglite({ ...options, ...(dataDir && { dataDir }) });
  } catch (error) {
    post({ kind: 'startFailed', error: wireError(error) });
    return;
  }
  port.on('message', (request: Request) => {
    if (request.op === 'begin') return begin(pg, request.id, request.tx);
    if (request.op === 'end') {
      try {
        return transactionFor(request.tx).end(request.commit, request.id);
      } catch (error) {
        return fail(request.id, error);
      }
    }
    handle(pg, request).then(
      (value) => post({ kind: 'result', id: request.id, value }),
      (error: unknown) => fail(request.id, error),
    );
  });
  post({ kind: 'ready' });
}

/** A process of its own (pglite-worker-client.ts, `createDataFolder`): a new database folder, then exit. */
async function createDataFolder(dataDir: string) {
  try {
    await (await createPglite({ dataDir })).close();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  process.exit(0);
}

const createDataDir = isMainThread ? process.env[CREATE_DATA_DIR_ENV] : undefined;
if (createDataDir) void createDataFolder(createDataDir);
else if (parentPort) void main(parentPort);
else throw new Error('pglite-worker is started by pglite-worker-client.ts, as a worker thread');
