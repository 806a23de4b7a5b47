import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { startServerProcess, type ServerProcess } from './server-process';
import { createPostgresTestDatabase } from './test-database';

export interface ServersOnPostgres {
  /** Real server processes, all on the one database. */
  servers: ServerProcess[];
  /** The test's own connection to that database, to make and read rows directly. */
  direct: DatabaseHandle;
  /** Stops the processes, closes the connection and drops the database. */
  stop(): Promise<void>;
}

/**
 * `count` app processes (real server processes, `env` on top of the quiet defaults) on a fresh
 * PostgreSQL database of their own: "several app processes", for the races that only show there.
 */
export async function startServersOnPostgres(env: NodeJS.ProcessEnv, count = 2): Promise<ServersOnPostgres> {
  const database = await createPostgresTestDatabase();
  const direct = await openDatabase({ kind: 'postgres', url: database.url });
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess({ ...env, DATABASE_URL: database.url })));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await direct.close();
    await database.drop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // Nothing is left running or lying about when one of them did not start.
    await stop();
    throw failed.reason;
  }
  return { servers, direct, stop };
}
