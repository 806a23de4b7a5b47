import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countAuditEntries } from '../../../tests/support/audit';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';
import { auditLog, users } from '../db/schema';
import { updateProfile } from './users-repository';

/**
 * An admin's edit of someone else's profile is an admin change: audited with the fields it changed,
 * before and after, in the same transaction as the update. A person's edit of their own profile
 * (the profile page, a purchase's delivery details), the admin's own included, is not.
 */
let t: TestApp;
let A: TestUser;
let B: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A, B, admin } = cast));

const db = () => t.database.db;
const putProfile = (email: string, caller: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${encodeURIComponent(email)}`, headers: bearer(caller), payload });
const entriesAbout = (userId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, userId));
const stored = async (userId: string) => (await db().select().from(users).where(eq(users.id, userId)))[0]!;

describe("PUT /api/user/:email by an admin, of someone else's profile", () => {
  it("writes one user.updated entry with only the fields it changed, before and after", async () => {
    expect((await putProfile(A.email, A, { address: '1 Old Road', phone: '555 0100' })).statusCode).toBe(200);
    expect(await entriesAbout(A.userId)).toEqual([]); // their own edit: not an admin change

    const res = await putProfile(A.email.toUpperCase(), admin, { userName: 'Alice Able', address: '2 New Road', phone: '555 0100' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1 });
    expect(await stored(A.userId)).toMatchObject({ name: 'Alice Able', address: '2 New Road', phone: '555 0100' });
    expect(await entriesAbout(A.userId)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        actorEmail: admin.email,
        action: 'user.updated',
        // The name and phone were sent as they were: only the address changed.
        before: { email: A.email, address: '1 Old Road' },
        after: { email: A.email, address: '2 New Road' },
      }),
    ]);
  });

  it('records a field that was empty before as null', async () => {
    const res = await putProfile(B.email, admin, { phone: '+1 555 0199' });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesAbout(B.userId);
    expect(entry).toMatchObject({ before: { email: B.email, phone: null }, after: { email: B.email, phone: '+1 555 0199' } });
  });

  it('writes nothing when nothing changed, when the admin edits their own profile, or when the user is unknown', async () => {
    const audited = await countAuditEntries(db());
    expect((await putProfile(B.email, admin, { phone: '+1 555 0199' })).statusCode).toBe(200);
    expect((await putProfile(admin.email, admin, { address: '3 Admin Way' })).statusCode).toBe(200);
    const unknown = await putProfile('nobody-at-all@example.com', admin, { address: '4 Nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, detail: API_ERRORS.userNotFound });
    expect(await countAuditEntries(db())).toBe(audited);
  });

  it('writes nothing and changes nothing when refused (a customer editing someone else)', async () => {
    const audited = await countAuditEntries(db());
    const res = await putProfile(A.email, B, { address: '5 Sneaky Street' });
    expect(res.statusCode).toBe(403);
    expect((await stored(A.userId)).address).toBe('2 New Road');
    expect(await countAuditEntries(db())).toBe(audited);
  });

  it('the update and its entry commit together: when the entry cannot be written, the profile is unchanged', async () => {
    const broken = { userId: admin.userId, sessionId: 'x', email: null as unknown as string, name: admin.name, role: 'admin' as const, emailVerified: true };
    await expect(updateProfile(db(), A.email, { address: '6 Rolled Back Road' }, broken)).rejects.toThrow();
    expect((await stored(A.userId)).address).toBe('2 New Road');
    expect(await entriesAbout(A.userId)).toHaveLength(1);
  });
});
