import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAuditEntries } from '../../../tests/support/audit';
import { bearer, createAdmin, createCustomer, uniqueEmail, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type UserSummary } from '../../shared';
import { auditLog, users } from '../db/schema';
import type { Identity } from '../identity/identity';
import { demoteToCustomer } from './users-repository';

/**
 * DELETE /api/user/admin/:email: an admin makes another admin (or themselves) a customer again,
 * never the last one; the demoted account loses admin rights on its very next request; audited.
 * (Two admins demoting each other at once, and other processes: demote-two-processes.test.ts.)
 */
let t: TestApp;
let first: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  first = await createAdmin(t.app, t.database.db, 'Fay First');
  customer = await createCustomer(t.app, 'Cora Customer');
});
afterAll(() => t.close());

const db = () => t.database.db;
const roleOf = async (email: string) => (await db().select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
const adminCount = async () => (await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).length;
const demote = (email: string, caller: TestUser | null) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(email)}`, headers: caller ? bearer(caller) : {} });
const promote = (email: string, caller: TestUser) =>
  t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}`, headers: bearer(caller) });
const listUsersAs = (caller: TestUser) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(caller) });
const identityOf = (user: TestUser): Identity => ({
  userId: user.userId,
  sessionId: 'not-used-here',
  email: user.email,
  name: user.name,
  role: 'admin',
  emailVerified: true,
});

describe('DELETE /api/user/admin/:email', () => {
  it('makes another admin a customer, audited, and their token loses admin rights on its next request', async () => {
    const other = await createAdmin(t.app, db(), 'Otto Other');
    expect((await listUsersAs(other)).statusCode).toBe(200);
    const audited = await countAuditEntries(db());

    const res = await demote(other.email.toUpperCase(), first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(other.email)).toBe('customer');

    // Nothing cached the role: the same token is refused at once, and the role check says so.
    const refused = await listUsersAs(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, detail: API_ERRORS.forbidden });
    const status = await t.app.inject({ method: 'GET', url: `/api/admin/${encodeURIComponent(other.email)}`, headers: bearer(other) });
    expect(status.json()).toEqual({ admin: false });

    expect(await countAuditEntries(db())).toBe(audited + 1);
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, other.userId));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: first.userId,
        actorEmail: first.email,
        action: 'user.demoted',
        before: { email: other.email, role: 'admin' },
        after: { email: other.email, role: 'customer' },
      }),
    ]);

    // They stay signed in, as a customer, and may be promoted again.
    expect((await promote(other.email, first)).json()).toEqual({ modifiedCount: 1 });
    expect((await listUsersAs(other)).statusCode).toBe(200);
    expect((await demote(other.email, first)).json()).toEqual({ modifiedCount: 1 });
  });

  it('answers modifiedCount 0 for someone who is not an admin, and writes nothing', async () => {
    const audited = await countAuditEntries(db());
    const res = await demote(customer.email, first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 0 });
    expect(await roleOf(customer.email)).toBe('customer');
    expect(await countAuditEntries(db())).toBe(audited);
  });

  it.each([
    ['an unknown email, by an admin', 'admin', 404, API_ERRORS.userNotFound],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
    ['anonymous', null, 401, API_ERRORS.signInRequired],
  ] as const)('changes nothing when refused: %s', async (_what, who, status, message) => {
    const target = await createAdmin(t.app, db(), 'Tess Target');
    const audited = await countAuditEntries(db());
    const caller = who === 'admin' ? first : who === 'customer' ? customer : null;
    const res = await demote(who === 'admin' ? uniqueEmail('nobody') : target.email, caller);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message });
    expect(await roleOf(target.email)).toBe('admin');
    expect(await countAuditEntries(db())).toBe(audited);
    expect((await demote(target.email, first)).json()).toEqual({ modifiedCount: 1 }); // back to one admin
  });

  it('refuses with 409 to demote the last admin, themselves included', async () => {
    expect(await adminCount()).toBe(1);
    const audited = await countAuditEntries(db());
    const res = await demote(first.email, first);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.lastAdmin });
    expect(await roleOf(first.email)).toBe('admin');
    expect((await listUsersAs(first)).statusCode).toBe(200);
    expect(await countAuditEntries(db())).toBe(audited);
  });

  it('lets an admin demote themselves while another admin remains; then they are a customer', async () => {
    const leaving = await createAdmin(t.app, db(), 'Lee Leaving');
    const res = await demote(leaving.email, leaving);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(leaving.email)).toBe('customer');
    expect((await listUsersAs(leaving)).statusCode).toBe(403);
    expect(await adminCount()).toBe(1);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, leaving.userId));
    expect(entry).toMatchObject({ actorEmail: leaving.email, action: 'user.demoted' });
  });

  it("a demoted admin's token can neither demote nor promote anyone", async () => {
    const former = await createAdmin(t.app, db(), 'Fred Former');
    const other = await createAdmin(t.app, db(), 'Olga Other');
    expect((await demote(former.email, first)).json()).toEqual({ modifiedCount: 1 });
    expect((await demote(other.email, former)).statusCode).toBe(403);
    expect((await promote(customer.email, former)).statusCode).toBe(403);
    expect(await roleOf(other.email)).toBe('admin');
    expect(await roleOf(customer.email)).toBe('customer');
    expect((await demote(other.email, first)).json()).toEqual({ modifiedCount: 1 });
  });

  it('the role change and its audit entry commit together: when the entry cannot be written, the admin stays one', async () => {
    const kept = await createAdmin(t.app, db(), 'Kit Kept');
    const audited = await countAuditEntries(db());
    // An actor without an email: the audit row (actor_email not null) cannot be written.
    const broken = { ...identityOf(first), email: null as unknown as string };
    await expect(demoteToCustomer(db(), kept.email, broken)).rejects.toThrow();
    expect(await roleOf(kept.email)).toBe('admin');
    expect(await countAuditEntries(db())).toBe(audited);
    expect((await demote(kept.email, first)).json()).toEqual({ modifiedCount: 1 });
  });
});

describe('GET /api/user (Manage Users)', () => {
  it('says whether each address is confirmed and when the account was made', async () => {
    const unconfirmed = await createCustomer(t.app, 'Una Unconfirmed', { verified: false });
    const res = await listUsersAs(first);
    expect(res.statusCode).toBe(200);
    const list = res.json() as UserSummary[];
    const [row] = await db().select().from(users).where(eq(users.id, unconfirmed.userId));
    expect(list).toContainEqual({
      _id: unconfirmed.userId,
      email: unconfirmed.email,
      userName: 'Una Unconfirmed',
      role: 'customer',
      emailVerified: false,
      createdAt: row!.createdAt.toISOString(),
    });
    expect(list.find((user) => user._id === customer.userId)).toMatchObject({ emailVerified: true, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });
});
