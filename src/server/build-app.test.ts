import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTools } from '../../tests/support/factories';
import { insertOrderWithLines } from '../../tests/support/orders';
import { testConfig } from '../../tests/support/test-app';
import { createPostgresTestDatabase, createTestDatabase, testDatabaseKind } from '../../tests/support/test-database';
import { DEFAULT_ADMIN_EMAIL, type CreatedAdmin } from './accounts/first-admin';
import { buildApp } from './app';
import type { AppDatabase, DatabaseHandle } from './db/client';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { orders, users } from './db/schema';
import { seedIfEmpty } from './seed/seed';

/**
 * Issue 20, item 5 (decision 031): buildApp composes the app and starts nothing. What a start does
 * happens as a plugin loads (the app's own database), when the app is ready (the first admin, the
 * expiry sweep), and stops when it closes (the sweep, then the database, then the folder's lock).
 */
const PAY_MINUTES = 30;
const SWEEP_EVERY_MS = 50;
/** Long enough for twenty sweeps, had the timer been started. */
const QUIET_MS = SWEEP_EVERY_MS * 20;

let app: FastifyInstance | null = null;
let database: DatabaseHandle | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = database = null;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An unpaid order whose time to pay ran out a minute ago: the next sweep expires it. */
async function overdueOrder(db: AppDatabase): Promise<string> {
  const [tool] = await createTools(db, 1);
  const email = `overdue-${randomUUID().slice(0, 8)}@example.com`;
  const [buyer] = await db.insert(users).values({ id: randomUUID(), name: 'Olga Overdue', email }).returning();
  const order = await insertOrderWithLines(
    db,
    {
      userId: buyer!.id,
      name: buyer!.name,
      email,
      address: '1 Late Lane',
      phone: '555-0111',
      createdAt: new Date(Date.now() - (PAY_MINUTES + 1) * 60_000),
    },
    [{ toolId: tool!.id, productName: tool!.name, priceCents: tool!.priceCents, quantity: 1 }],
  );
  return order.id;
}

const statusOf = async (db: AppDatabase, orderId: string) =>
  (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status ?? null;
const adminEmails = async (db: AppDatabase) => (await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))).map((row) => row.email);

describe('buildApp', () => {
  it('starts nothing: the first admin and the expiry sweep start when the app is ready, and the sweep stops when it closes', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const dueBeforeReady = await overdueOrder(db);
    const created: CreatedAdmin[] = [];
    const config = testConfig({
      orderPayMinutes: PAY_MINUTES,
      orderExpirySweepMs: SWEEP_EVERY_MS,
      auth: { ...testConfig().auth, admin: null, createDefaultAdmin: true },
    });
    app = await buildApp(config, { database, onAdminCreated: (admin) => created.push(admin) });

    await sleep(QUIET_MS);
    expect(await statusOf(db, dueBeforeReady), 'no sweep before ready').toBeNull();
    expect(await adminEmails(db), 'no admin before ready').toEqual([]);
    expect(created).toEqual([]);

    await app.ready();
    expect(created).toEqual([{ email: DEFAULT_ADMIN_EMAIL, generatedPassword: expect.any(String) }]);
    expect(await adminEmails(db)).toEqual([DEFAULT_ADMIN_EMAIL]);
    await vi.waitFor(async () => expect(await statusOf(db, dueBeforeReady)).toBe('expired'), { timeout: 10_000, interval: SWEEP_EVERY_MS });

    await app.close();
    app = null;
    const dueAfterClose = await overdueOrder(db);
    await sleep(QUIET_MS);
    expect(await statusOf(db, dueAfterClose), 'no sweep after close').toBeNull();
  });

  /** The seed step main.ts hands buildApp: a new store's demo catalogue. */
  const AS_MAIN_STARTS_IT = { seed: seedIfEmpty };

  /** The app serves the seeded catalogue, and once closed its database answers nothing more. */
  async function expectSeededStoreThatClosesItsDatabase(built: FastifyInstance) {
    const items = await built.inject({ method: 'GET', url: '/api/items?limit=1' });
    expect(items.statusCode).toBe(200);
    expect(Number(items.headers['x-total-count'])).toBeGreaterThan(0);
    const { db } = built.database;
    await built.close();
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
  }

  describe.runIf(testDatabaseKind() === 'pglite')('with no database given, on the embedded database', () => {
    it('holds the data folder from the build on, opens a seeded store, and on close closes the database, then lets the folder go', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'own-database-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      app = await buildApp(testConfig({ dataDir, database: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } }), AS_MAIN_STARTS_IT);

      await expect(lockDataDir(dataDir, () => {}, { waitForUnknownOwnerMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);
      await expectSeededStoreThatClosesItsDatabase(app);
      app = null;
      const release = await lockDataDir(dataDir, () => {}, { waitForUnknownOwnerMs: 0 });
      await release();
    }, 180_000);
  });

  describe.runIf(testDatabaseKind() === 'postgres')('with no database given, on PostgreSQL', () => {
    it('opens, migrates and seeds an empty store as it is built, and closes its pool when the app closes', async () => {
      const { url, drop } = await createPostgresTestDatabase();
      cleanups.push(drop);
      app = await buildApp(testConfig({ database: { kind: 'postgres', url } }), AS_MAIN_STARTS_IT);

      await expectSeededStoreThatClosesItsDatabase(app);
      app = null;
    });
  });
});
