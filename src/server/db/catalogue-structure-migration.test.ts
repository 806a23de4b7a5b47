import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, createAdmin } from '../../../tests/support/accounts';
import { buildProductInput } from '../../../tests/support/factories';
import { adminQuery, databaseUrlFor } from '../../../tests/support/postgres-admin';
import { testConfig } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { SLUG_MAX, SLUG_PATTERN, type Category, type ToolDetail } from '../../shared';
import { buildApp } from '../app';
import { storeSettings } from './schema';
import { createPglite, openDatabase, wrapPglite, type DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * A store upgraded from before the catalogue's structure (migration 0012): its tools, added
 * without SKU, address or category, each get an SKU from the automatic sequence, an address made
 * from the name, the category "General", and their image as their one photo; and the store works
 * on them as on new ones. The database is migrated to 0011 with a copy of the migrations folder
 * that stops there, given tools as the store then wrote them, then migrated to the end.
 */
const STRUCTURE_MIGRATION = '0012_catalogue_structure';
const LONG_NAME = `${'Professional '.repeat(9)}Tool`.slice(0, 120);
const OLD_TOOLS = [
  'Digital Multimeter',
  'Digital Multimeter',
  'Größe 1/2" Socket',
  LONG_NAME,
  LONG_NAME,
  'a1b2c3d4-0000-4000-8000-00000000abcd',
  '扳手',
];

let handle: DatabaseHandle;
let dropDatabase: () => Promise<void> = async () => {};
let folderBefore: string;
let app: FastifyInstance;

/** Migrates with the migrations in `folder`, on either database. */
async function migrateWith(folder: string) {
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

/** A copy of the migrations folder without 0012 and what came after it. */
async function migrationsBeforeStructure(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'migrations-before-0012-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === STRUCTURE_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** An empty database: an in-memory PGlite, or a new PostgreSQL database (not the run's migrated template). */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') return wrapPglite(await createPglite());
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = inject('postgresTemplate')!.replace(/_template$/, `_upgrade_${randomUUID().slice(0, 8)}`);
  await adminQuery(baseUrl, `create database "${name}"`);
  dropDatabase = async () => {
    await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
  };
  return openDatabase({ kind: 'postgres', url: databaseUrlFor(baseUrl, name) });
}

let oldIds: string[];
beforeAll(async () => {
  folderBefore = await migrationsBeforeStructure();
  handle = await emptyDatabase();
  await migrateWith(folderBefore);
  oldIds = [];
  for (const [i, name] of OLD_TOOLS.entries()) {
    // The columns a tool had at 0011, as the store wrote them; added a second apart, in this order.
    const result = (await handle.db.execute(sql`
      insert into tools (name, price_cents, image, description, min_qty, available_qty, created_at)
      values (${name}, ${1000 + i}, ${`/images/tools/old-${i}.svg`}, ${'A tool from before categories.'}, 1, 10, ${new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString()}::timestamptz)
      returning id`)) as unknown as { rows: { id: string }[] };
    oldIds.push(result.rows[0]!.id);
  }
  await migrateWith(MIGRATIONS_FOLDER);
  app = await buildApp(testConfig(), { database: handle });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
  await dropDatabase();
  if (folderBefore) await rm(folderBefore, { recursive: true, force: true });
});

const detail = async (idOrSlug: string): Promise<ToolDetail> => {
  const res = await app.inject({ method: 'GET', url: `/api/items/${idOrSlug}` });
  expect(res.statusCode, `${idOrSlug}: ${res.body}`).toBe(200);
  return res.json();
};

describe('migration 0012 on a store that has tools', () => {
  it('numbers the tools TH-01001, TH-01002 … in the order they were added, and puts them all in General with their image as their photo', async () => {
    const tools: ToolDetail[] = [];
    for (const id of oldIds) tools.push(await detail(id));
    expect(tools.map((tool) => tool.sku)).toEqual(OLD_TOOLS.map((_, i) => `TH-${String(1001 + i).padStart(5, '0')}`));
    const categories = (await app.inject({ method: 'GET', url: '/api/categories' })).json() as Category[];
    expect(categories).toEqual([{ _id: expect.any(String), slug: 'general', name: 'General', parentId: null, position: 0, toolCount: OLD_TOOLS.length }]);
    for (const tool of tools) {
      expect(tool.categoryPath).toEqual([{ _id: categories[0]!._id, slug: 'general', name: 'General' }]);
      expect(tool.photos).toEqual([tool.image]);
      expect(tool.specs).toEqual([]);
    }
    const listed = await app.inject({ method: 'GET', url: '/api/items?category=general' });
    expect(listed.headers['x-total-count']).toBe(String(OLD_TOOLS.length));
  });

  it('gives every tool a distinct address made from its name, by which its page is found', async () => {
    const tools: ToolDetail[] = [];
    for (const id of oldIds) tools.push(await detail(id));
    expect(tools[0]!.slug).toBe('digital-multimeter');
    expect(tools[1]!.slug).toMatch(/^digital-multimeter-[0-9a-z]+$/);
    expect(new Set(tools.map((tool) => tool.slug)).size).toBe(OLD_TOOLS.length);
    for (const tool of tools) {
      expect(tool.slug).toMatch(SLUG_PATTERN);
      expect(tool.slug.length).toBeLessThanOrEqual(SLUG_MAX);
      expect((await detail(tool.slug))._id).toBe(tool._id);
    }
  });

  it('keeps search working, an SKU included', async () => {
    const found = await app.inject({ method: 'GET', url: '/api/items?q=TH-01003' });
    expect(found.json()[0]._id).toBe(oldIds[2]);
    expect((await app.inject({ method: 'GET', url: '/api/items?q=multimeter' })).headers['x-total-count']).toBe('2');
  });

  it('lets the store go on: a new tool takes the next SKU and a free address; a rename redirects', async () => {
    const admin = await createAdmin(app, handle.db);
    const added = await app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput({ name: 'Digital Multimeter' }) });
    expect(added.statusCode, added.body).toBe(201);
    const tool = await detail(added.json().insertedId);
    expect(tool.sku).toBe(`TH-${String(1001 + OLD_TOOLS.length).padStart(5, '0')}`);
    expect(tool.slug).toBe('digital-multimeter-2');
    expect(tool.categoryPath.map((category) => category.name)).toEqual(['Uncategorised']);

    await app.inject({ method: 'PATCH', url: `/api/items/${oldIds[0]}`, headers: bearer(admin), payload: { name: 'Bench Multimeter' } });
    const moved = await app.inject({ method: 'GET', url: '/api/items/digital-multimeter' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/items/bench-multimeter');
  });
});

describe('migration 0013 on a store that has tools', () => {
  it('marks the store seeded, so the demo catalogue never joins its own, now or once its tools are gone (seed/seed.test.ts)', async () => {
    const [settings] = await handle.db.select({ seededAt: storeSettings.seededAt }).from(storeSettings);
    expect(settings!.seededAt).toBeInstanceOf(Date);
  });
});
