import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase, wrapPglite } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { adminQuery, databaseUrlFor, dropTestDatabases, TEST_DB_PREFIX } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates a database once per run, so each test file starts from a fresh copy in well under a
 * second instead of migrating its own: a PGlite dump file and, with TEST_DATABASE_URL, a
 * PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
  const pglite = wrapPglite(await createPglite());
  await migrateDatabase(pglite);
  const dump = await (pglite.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  const dumpPath = path.join(tmp, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDumpPath', dumpPath);

  let template: string | null = null;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    template = `${TEST_DB_PREFIX}${process.pid}_${Date.now()}_template`;
    await adminQuery(baseUrl, `create database "${template}"`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrlFor(baseUrl, template) });
    await migrateDatabase(handle);
    await handle.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(tmp, { recursive: true, force: true });
    if (baseUrl && template) await dropTestDatabases(baseUrl, template.replace(/_template$/, ''));
  };
}
