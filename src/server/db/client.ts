import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { listenOnPostgres, type ListenHandlers } from './pg-listener';
import * as schema from './schema';

/** Both drivers give this type, so repositories run unchanged on PGlite and PostgreSQL. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => ...)`: code typed with it must run in a transaction. */
export type AppTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: AppDatabase;
  kind: DatabaseConfig['kind'];
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
  close(): Promise<void>;
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') return openPostgres(config.url, config.poolSize ?? 10);
  const client = config.dataDir ? await PGlite.create(config.dataDir) : await PGlite.create();
  return wrapPglite(client);
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An error on an idle pooled client (a server restart) must not crash the process;
  // the next query gets a fresh connection.
  pool.on('error', () => {});
  return {
    db: drizzlePg(pool, { schema }) as unknown as AppDatabase,
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
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  return {
    db: drizzlePglite(client, { schema }) as unknown as AppDatabase,
    kind: 'pglite',
    withExclusiveLock: (_key, work) => work(),
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.notify);
      // A closed database has nothing left to stop listening to.
      return () => (client.closed ? Promise.resolve() : unlisten());
    },
    close: () => client.close(),
  };
}
