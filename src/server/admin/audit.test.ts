import { countAuditEntries } from '../../../tests/support/audit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createCustomer, uniqueEmail, type TestUser } from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, auditEntrySchema, type AuditEntry } from '../../shared';
import { auditLog, users } from '../db/schema';

/** The activity log: promotions are audited with the role change, and GET /api/audit pages it. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
appWithCastForFile((cast) => ({ t, admin, A: customer } = cast));

const auditCount = () => countAuditEntries(t.database.db);
const roleOf = async (email: string) => (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
const promote = (email: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}`, headers: user ? bearer(user) : {} });
const audit = (query = '', user: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: user ? bearer(user) : {} });

describe('PUT /api/user/admin/:email', () => {
  it('writes one user.promoted entry with the role change, and none when the user was already an admin', async () => {
    const promoted = await createCustomer(t.app, 'Pat Promoted');
    const before = await auditCount();
    const res = await promote(promoted.email.toUpperCase());
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(promoted.email)).toBe('admin');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, promoted.userId));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        actorEmail: admin.email,
        action: 'user.promoted',
        before: { email: promoted.email, role: 'customer' },
        after: { email: promoted.email, role: 'admin' },
      }),
    ]);

    const again = await promote(promoted.email);
    expect(again.json()).toEqual({ modifiedCount: 0 });
    expect(await auditCount()).toBe(before + 1);
  });

  it.each([
    ['an unknown email', 'admin', 404, API_ERRORS.userNotFound],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
    ['anonymous', null, 401, API_ERRORS.signInRequired],
  ] as const)('writes nothing when refused: %s', async (_what, who, status, message) => {
    const target = await createCustomer(t.app, 'Tess Target');
    const before = await auditCount();
    const caller = who === 'admin' ? admin : who === 'customer' ? customer : null;
    const res = await promote(who === 'admin' ? uniqueEmail('nobody') : target.email, caller);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message });
    expect(await roleOf(target.email)).toBe('customer');
    expect(await auditCount()).toBe(before);
  });
});

describe('GET /api/audit', () => {
  it('lists entries newest first, in pages, with the total', async () => {
    const promotedIds: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await createCustomer(t.app, `Paged ${i}`);
      expect((await promote(user.email)).json()).toEqual({ modifiedCount: 1 });
      promotedIds.push(user.userId);
    }
    const total = await auditCount();
    const all = await audit('?limit=100');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe(String(total));
    const entries = all.json() as AuditEntry[];
    expect(entries).toHaveLength(total);
    for (const entry of entries) expect(auditEntrySchema.safeParse(entry).success).toBe(true);
    expect(entries.slice(0, 3).map((e) => e.targetId)).toEqual([...promotedIds].reverse());
    expect(entries[0]).toMatchObject({ actorEmail: admin.email, action: 'user.promoted', after: { role: 'admin' } });
    const times = entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const page = await audit('?limit=2&offset=1');
    expect(page.json()).toEqual(entries.slice(1, 3));
    expect(page.headers['x-total-count']).toBe(String(total));
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('refuses a bad page with 400', async () => {
    const res = await audit('?limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: 'limit must be at most 100', errors: [{ field: 'limit' }] });
  });

  it.each([
    ['anonymous', null, 401, API_ERRORS.signInRequired],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
  ] as const)('refuses %s', async (_who, who, status, message) => {
    const res = await audit('', who ? customer : null);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message });
  });
});
