import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCustomer,
  requestAccessToken,
  sessionCookieOf,
  signIn,
  uniqueEmail,
} from '../../../tests/support/accounts';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { DEFAULT_ADMIN_EMAIL, type CreatedAdmin } from './first-admin';

const ADMIN = { email: uniqueEmail('boss'), password: 'Boss-Start-Pw-8841' };
const withAdmin = (admin: { email: string; password: string } | null) => testConfig({ auth: { ...testConfig().auth, admin } });

/** Signs in and gets an access token; fails the test if either step does not answer 200. */
async function signInWithToken(app: FastifyInstance, email: string, password: string) {
  const res = await signIn(app, email, password);
  expect(res.statusCode).toBe(200);
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  const tokenRes = await requestAccessToken(app, cookie, email);
  expect(tokenRes.statusCode).toBe(200);
  return { token: tokenRes.json().accessToken as string, user: res.json().user };
}

const adminStatus = (app: FastifyInstance, email: string, token: string) =>
  app.inject({ method: 'GET', url: `/api/admin/${email}`, headers: bearer({ token }) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ auth: { ...testConfig().auth, admin: ADMIN } });
});
afterAll(() => t.close());

describe('ADMIN_EMAIL and ADMIN_PASSWORD on an empty store', () => {
  it('create an admin who can sign in with that password and use admin calls', async () => {
    const { token, user } = await signInWithToken(t.app, ADMIN.email, ADMIN.password);
    expect(user).toMatchObject({ email: ADMIN.email, role: 'admin' });

    const status = await adminStatus(t.app, ADMIN.email, token);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ admin: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer({ token }) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: user.id, email: ADMIN.email, userName: 'Administrator', role: 'admin' }),
    ]);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('does not let anyone sign in as the admin with a wrong password', async () => {
    const res = await signIn(t.app, ADMIN.email, 'Not-The-Admin-Pw-1', '10.30.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('a weak ADMIN_PASSWORD', () => {
  it('stops the start, as sign-up refuses it, and creates no account', async () => {
    const database = await createTestDatabase();
    try {
      const email = uniqueEmail('weak-boss');
      for (const password of ['password1', 'Password123', 'qwertyuiop']) {
        await expect(buildApp(withAdmin({ email, password }), { database })).rejects.toThrow(
          /ADMIN_PASSWORD is one of the most common passwords, which sign-up refuses too/,
        );
      }
      expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});

describe('a restart with ADMIN_EMAIL set to an existing customer', () => {
  let database: DatabaseHandle;
  const started: FastifyInstance[] = [];
  async function start(admin: { email: string; password: string } | null) {
    const app = await buildApp(withAdmin(admin), { database });
    started.push(app);
    await app.ready();
    return app;
  }
  async function stop(app: FastifyInstance) {
    started.splice(started.indexOf(app), 1);
    await app.close();
  }
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of started) await app.close();
    await database.close();
  });

  it('promotes that account, makes ADMIN_PASSWORD its only password and ends its sessions', async () => {
    const first = await start(null);
    const customer = await createCustomer(first, 'Carla Customer');
    const before = await adminStatus(first, customer.email, customer.token);
    expect(before.json()).toEqual({ admin: false });
    expect((await first.inject({ method: 'GET', url: '/api/user', headers: bearer(customer) })).statusCode).toBe(403);
    await stop(first);

    // Whoever registered the address first (emails are not verified) loses access to it.
    const second = await start({ email: customer.email, password: 'Other-Admin-Pw-3319' });
    expect((await adminStatus(second, customer.email, customer.token)).statusCode).toBe(401);
    expect((await signIn(second, customer.email, customer.password)).statusCode).toBe(401);

    const { token, user } = await signInWithToken(second, customer.email, 'Other-Admin-Pw-3319');
    expect(user).toMatchObject({ id: customer.userId, email: customer.email, name: 'Carla Customer', role: 'admin' });
    const list = await second.inject({ method: 'GET', url: '/api/user', headers: bearer({ token }) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: customer.userId, email: customer.email, userName: 'Carla Customer', role: 'admin' }),
    ]);
    await stop(second);

    // A further start with the same settings changes nothing: no second account, the session lives on.
    const third = await start({ email: customer.email, password: 'Other-Admin-Pw-3319' });
    const rows = await database.db.select().from(users).where(eq(users.email, customer.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: customer.userId, role: 'admin' });
    expect((await adminStatus(third, customer.email, token)).json()).toEqual({ admin: true });
  });
});

describe('a fresh embedded store without ADMIN_EMAIL', () => {
  let database: DatabaseHandle;
  const started: FastifyInstance[] = [];
  const logLines: string[] = [];
  const created: CreatedAdmin[] = [];
  const config = testConfig({ logLevel: 'info', auth: { ...testConfig().auth, admin: null, createDefaultAdmin: true } });
  async function start() {
    const app = await buildApp(config, {
      database,
      logStream: { write: (line) => logLines.push(line) },
      onAdminCreated: (admin) => created.push(admin),
    });
    started.push(app);
    await app.ready();
    return app;
  }
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of started) await app.close();
    await database.close();
  });

  it('creates one admin with a random password, told to the start banner and never written to the log', async () => {
    const app = await start();
    expect(created).toEqual([{ email: DEFAULT_ADMIN_EMAIL, generatedPassword: expect.stringMatching(/^\S{16}$/) }]);
    const password = created[0]!.generatedPassword!;
    const { user } = await signInWithToken(app, DEFAULT_ADMIN_EMAIL, password);
    expect(user).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: 'admin' });
    expect(logLines.join('')).toContain(DEFAULT_ADMIN_EMAIL);
    expect(logLines.join('')).not.toContain(password);

    // The next start finds the admin and creates nothing, so there is no new password to show.
    await start();
    expect(created).toHaveLength(1);
  });
});
