import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { bundleServer, PGLITE_WORKER_ENTRY } from '../../scripts/lib/server-bundle.mjs';
import { createPglite, openDatabase, wrapPglite } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { adminQuery, databaseUrlFor, dropTestDatabases, TEST_DB_PREFIX } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    pgliteWorkerFile: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates a database once per run, so each test file starts from a fresh copy in well under a
 * second instead of migrating its own: a PGlite dump file and, with TEST_DATABASE_URL, a
 * PostgreSQL template database.
 *
 * Bundles the embedded database's worker from the sources once per run too, as the build does. From
 * the TypeScript file, each of the run's ~120 databases registered tsx and compiled the worker's
 * modules through it, on a loader thread of its own: about half a second of CPU a database, a
 * quarter of the embedded-database project's (profiled with --cpu-prof: 263 CPU-s and 175 s before,
 * 195 and 148 after). The bundle must sit inside the project, where its imports find node_modules.
 */
export default async function setup(project: TestProject) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
  const bundleDir = path.join(import.meta.dirname, '../../node_modules/.cache/store-tests', path.basename(tmp));
  await mkdir(bundleDir, { recursive: true });
  await bundleServer({ entryPoints: PGLITE_WORKER_ENTRY, outdir: bundleDir, sourcemap: false });
  project.provide('pgliteWorkerFile', path.join(bundleDir, 'pglite-worker.js'));

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
    await rm(bundleDir, { recursive: true, force: true });
    if (baseUrl && template) await dropTestDatabases(baseUrl, template.replace(/_template$/, ''));
  };
}
