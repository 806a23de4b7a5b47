import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, wrapPglite, type DatabaseHandle } from '../../src/server/db/client';
import { PgliteWorkerClient } from '../../src/server/db/pglite-worker-client';
import { adminQuery, databaseUrlFor } from './postgres-admin';
import { serverBundle } from './server-bundle';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** Which database this test project runs the API tests on (see vitest.config.ts). */
export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated and empty database for one test file: an in-memory PGlite loaded from the
 * run's migrated dump, in a worker thread as the app runs it (decision 025; the run's build of the
 * worker, server-bundle.ts), or a new PostgreSQL
 * database copied from the run's template. `close()` also drops the PostgreSQL copy.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    return wrapPglite(await PgliteWorkerClient.start({ loadDataDir: await migratedDump(), workerFile: serverBundle.pgliteWorker() }));
  }
  const { url, drop } = await createPostgresTestDatabase();
  const handle = await openDatabase({ kind: 'postgres', url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/** The run's migrated dump, read once per Vitest worker: a Blob cannot change, so every database can start from the same one. */
let dump: Promise<Blob> | undefined;
const migratedDump = () => (dump ??= readFile(inject('pgliteDumpPath')).then((bytes) => new Blob([bytes])));

/**
 * A fresh, migrated PostgreSQL database (a copy of the run's template) and its URL, for tests that
 * start real server processes on it. Only in the PostgreSQL project.
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!baseUrl || !template) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = template.replace(/_template$/, `_${randomUUID().slice(0, 8)}`);
  await adminQuery(baseUrl, `create database "${name}" template "${template}"`);
  return {
    url: databaseUrlFor(baseUrl, name),
    drop: async () => {
      await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
