import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { tellCommits } from './commit-listeners';
import { NamedStatementsClient } from './named-statements';
import { listenOnPostgres, type ListenHandlers } from './pg-listener';
import { PgliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema';

export { createPglite } from './create-pglite';

/**
 * A database to open: PostgreSQL (a pool of `poolSize` connections, 10 when unset) or the embedded
 * one (`dataDir`; null: in memory, as tests and benchmarks use it). The configuration's `database`
 * is one of these (config.ts).
 */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | null };

/** Both drivers give this type, so repositories run unchanged on PGlite and PostgreSQL. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => ...)`: code typed with it must run in a transaction. */
export type AppTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: AppDatabase;
  kind: DatabaseTarget['kind'];
  /**
   * Runs `work` while no other app process on the same database runs work under the same key
   * (a PostgreSQL session advisory lock). PGlite has one process by construction.
   */
  withExclusiveLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Hears NOTIFYs on `channel` from every process on this database, this one included (each is
   * delivered when the transaction that sent it commits). Answers a function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Tells `listener` of each transaction of `db` once it has committed, before the code that ran it
   * carries on; never of one that rolled back (commit-listeners.ts). `listener` must not throw: the
   * change is made by then. Answers a function that stops telling it.
   */
  onCommit(listener: (tx: AppTransaction) => void): () => void;
  /**
   * Settles (never rejects) if the database is gone for good behind the app's back: the embedded
   * database's worker thread died. PostgreSQL's never does: its pool reconnects.
   */
  lost: Promise<Error>;
  /**
   * The embedded database's data folder as a gzipped tarball, consistent while the store runs
   * (a checkpoint, then the files at one instant; backup.ts). Absent on PostgreSQL: pg_dump.
   */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Where /api/ready asks whether the database answers. On PostgreSQL a connection of its own, kept
   * out of the pool, so that a pool busy with one client's flood of queries does not make a healthy
   * database look unreachable (decision 026); on PGlite the database itself (it has one connection).
   */
  probe: AppDatabase;
  close(): Promise<void>;
}

/** The embedded database runs in a worker thread of its own (decision 025), off the HTTP thread. */
export async function openDatabase(config: DatabaseTarget): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') return openPostgres(config.url, config.poolSize ?? 10);
  return wrapPglite(await PgliteWorkerClient.start(config.dataDir ? { dataDir: config.dataDir } : {}));
}

const never = new Promise<never>(() => {});

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  // Statements with parameters are prepared once per connection (named-statements.ts, decision 044).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: NamedStatementsClient });
  // An error on an idle pooled client (a server restart) must not crash the process;
  // the next query gets a fresh connection.
  pool.on('error', () => {});
  // One connection, opened when first asked and again after a failure, like the pool's.
  const probePool = new pg.Pool({ connectionString: url, max: 1 });
  probePool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as AppDatabase;
  return {
    db,
    onCommit: tellCommits<AppTransaction, PgTransactionConfig>(db),
    probe: drizzlePg(probePool, { schema }) as unknown as AppDatabase,
    kind: 'postgres',
    async withExclusiveLock(key, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    // Not from the pool: LISTEN belongs to one session, which must stay open (and idle) for good.
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    lost: never,
    close: async () => {
      await Promise.all([pool.end(), probePool.end()]);
    },
  };
}

/**
 * The embedded database, in its worker (the app, tests) or in this thread (scripts that build a
 * database and nothing else: the tests' migrated copy, the catalogue benchmark).
 */
export function wrapPglite(client: PGlite | PgliteWorkerClient): DatabaseHandle {
  // drizzle's PGlite driver calls `query` and `transaction` (then `query` on the transaction):
  // the worker's client answers both as PGlite does (pglite-worker-client.test.ts holds it to that).
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as AppDatabase;
  return {
    db,
    onCommit: tellCommits<AppTransaction, PgTransactionConfig>(db),
    probe: db,
    kind: 'pglite',
    withExclusiveLock: (_key, work) => work(),
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.notify);
      // A closed database has nothing left to stop listening to.
      return () => (client.closed ? Promise.resolve() : unlisten());
    },
    lost: client instanceof PgliteWorkerClient ? client.lost : never,
    async dumpDataDir() {
      // Dirty pages to the data files first, so the copy opens without replaying the WAL.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    close: () => client.close(),
  };
}
