import { eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOver, type RemoteCustomer, type ServerProcess } from '../../../tests/support/server-process';
import { startServersOnPostgres, type ServersOnPostgres } from '../../../tests/support/servers-on-postgres';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { API_ERRORS } from '../../shared';
import { auditLog, users } from '../db/schema';

/**
 * Demotion on two real app processes sharing one PostgreSQL: a demoted admin's token is refused on
 * the other process on its very next request, and admins demoting each other (or themselves) at
 * the same moment through different processes never leave the store without an admin.
 */
const ROUNDS = 8;

describe.runIf(testDatabaseKind() === 'postgres')('demoting admins with two app processes on one PostgreSQL', () => {
  let cluster: ServersOnPostgres;
  let A: ServerProcess;
  let B: ServerProcess;
  let ada: RemoteCustomer;
  let bo: RemoteCustomer;

  beforeAll(async () => {
    cluster = await startServersOnPostgres({ AUTH_RATE_LIMIT: '1000' }, 2);
    [A, B] = cluster.servers as [ServerProcess, ServerProcess];
    ada = await signUpOver(A, 'Ada Admin', 'demote');
    bo = await signUpOver(B, 'Bo Admin', 'demote');
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  const db = () => cluster.direct.db;
  /** Exactly these people are the store's admins. */
  async function onlyAdmins(...people: RemoteCustomer[]) {
    const emails = people.map((p) => p.email);
    await db().update(users).set({ role: 'customer' }).where(notInArray(users.email, emails));
    await db().update(users).set({ role: 'admin' }).where(inArray(users.email, emails));
  }
  const admins = async () => (await db().select({ email: users.email }).from(users).where(eq(users.role, 'admin'))).map((row) => row.email);
  const demotions = async () => (await db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'user.demoted'))).length;
  const call = (server: ServerProcess, who: RemoteCustomer, method: string, path: string) =>
    fetch(`${server.origin}${path}`, { method, headers: { authorization: `Bearer ${who.token}` } });
  const demote = async (server: ServerProcess, who: RemoteCustomer, target: RemoteCustomer) => {
    const res = await call(server, who, 'DELETE', `/api/user/admin/${encodeURIComponent(target.email)}`);
    return { status: res.status, body: (await res.json()) as { detail?: string; modifiedCount?: number } };
  };

  it("a demotion through one process is honoured by the other on the demoted admin's very next request", async () => {
    await onlyAdmins(ada, bo);
    // B has served Bo as an admin a moment ago (a verified token is remembered there).
    expect((await call(B, bo, 'GET', '/api/user')).status).toBe(200);

    const res = await demote(A, ada, bo);
    expect(res).toEqual({ status: 200, body: { modifiedCount: 1 } });

    expect((await call(B, bo, 'GET', '/api/user')).status).toBe(403);
    expect((await call(B, bo, 'GET', '/api/audit')).status).toBe(403);
    const status = await call(B, bo, 'GET', `/api/admin/${encodeURIComponent(bo.email)}`);
    expect(await status.json()).toEqual({ admin: false }); // what the web app's admin guard asks
    // Still signed in, as a customer.
    expect((await call(B, bo, 'GET', `/api/user/${encodeURIComponent(bo.email)}`)).status).toBe(200);
  });

  it(`two admins demoting each other at the same moment through different processes leave one admin (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await onlyAdmins(ada, bo);
      const before = await demotions();
      const results = await Promise.all([demote(A, ada, bo), demote(B, bo, ada)]);
      const statuses = results.map((r) => r.status).sort();
      expect(await admins(), `round ${round}: ${JSON.stringify(results)}`).toHaveLength(1);
      // One wins; the other is told it would leave no admin, or (its caller demoted first) that it may not.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const refused = results.find((r) => r.status !== 200)!;
      expect([API_ERRORS.lastAdmin, API_ERRORS.forbidden]).toContain(refused.body.detail);
      expect(await demotions()).toBe(before + 1);
    }
  });

  it(`two admins demoting themselves at the same moment leave one admin (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await onlyAdmins(ada, bo);
      const results = await Promise.all([demote(A, ada, ada), demote(B, bo, bo)]);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results)).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.detail).toBe(API_ERRORS.lastAdmin);
      expect(await admins()).toHaveLength(1);
    }
  });

  it('three admins each demoting the next at once keep at least one, and no demoted admin demotes anyone', async () => {
    const cy = await signUpOver(A, 'Cy Admin', 'demote');
    for (let round = 0; round < ROUNDS; round += 1) {
      await onlyAdmins(ada, bo, cy);
      const before = await demotions();
      const results = await Promise.all([demote(A, ada, bo), demote(B, bo, cy), demote(A, cy, ada)]);
      const left = await admins();
      const won = results.filter((r) => r.status === 200).length;
      expect(left.length, JSON.stringify(results)).toBeGreaterThanOrEqual(1);
      expect(left).toHaveLength(3 - won);
      expect(await demotions()).toBe(before + won);
      for (const r of results) expect([200, 403, 409]).toContain(r.status);
    }
  });
});
