import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';
import { ensureWebBuild } from './web-build';
import { createPglite, openDatabase, wrapPglite } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { adminQuery, databaseUrlFor, dropTestDatabases, TEST_DB_PREFIX } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    serverBundleDir: string;
    /** The built web app (dist/web, with dist/ssr beside it), for the tests of the pages the server writes. */
    webDistDir: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates a database once per run, so each test file starts from a fresh copy in well under a
 * second instead of migrating its own: a PGlite dump file and, with TEST_DATABASE_URL, a
 * PostgreSQL template database.
 *
 * Builds the server from the sources once per run too, as `npm run build` does, into a folder of
 * the run's own (server-bundle.ts): the server processes and command-line tools the tests start, and
 * the embedded database's worker, run as plain JavaScript, as production runs them. From the
 * TypeScript files each of them loaded tsx and compiled its modules through it on a loader thread:
 * about half a second of CPU for each of the run's ~120 databases, a quarter of the
 * embedded-database project's CPU (profiled with --cpu-prof: 263 CPU-s and 175 s before, 195 and
 * 148 after), and 1.6 s for each server process. The folder must be inside the project, where the
 * bundle's imports find node_modules.
 */
export default async function setup(project: TestProject) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
  const bundleDir = path.join(import.meta.dirname, '../../node_modules/.cache/store-tests', path.basename(tmp));
  await buildServer({ outDir: bundleDir });
  project.provide('serverBundleDir', bundleDir);
  project.provide('webDistDir', await ensureWebBuild());

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
