import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCustomer,
  linkTokenOf,
  requestAccessToken,
  requestPasswordReset,
  resetPassword,
  sessionCookieOf,
  signIn,
  signUp,
  uniqueEmail,
  type TestUser,
} from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { API_ERRORS } from '../../shared';
import { users, verifications } from '../db/schema';

/**
 * Issue 11: 'Forgot Password?' mails a link that works once, for one hour; using it signs the
 * account out everywhere, its API access tokens included. Mail goes through a real SMTP server.
 */
let t: TestAppWithMail;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t?.close());

const isReset = (m: { subject?: string }) => m.subject === 'Reset your ToolHouse password';
const newPassword = () => `New-${randomUUID()}`;
/** A different address per sign-in keeps these tests clear of the sign-in throttle. */
let nextAddress = 1;
const freshAddress = () => `10.30.0.${nextAddress++}`;
const profileWith = (user: Pick<TestUser, 'email' | 'token'>) =>
  t.app.inject({ method: 'GET', url: `/api/user/${user.email}`, headers: bearer(user) });
const getSession = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

/** Asks for a reset link for `email` and answers the token in the mail it gets. */
async function resetTokenFor(email: string): Promise<string> {
  const asked = await requestPasswordReset(t.app, email);
  expect(asked.statusCode, asked.body).toBe(200);
  const mail = await t.catcher.waitForMail(email, (m) => isReset(m) && !used.has(m));
  used.add(mail);
  return linkTokenOf(t.catcher.linkIn(mail, '/resetPassword'));
}
const used = new Set<unknown>();

describe("a reset link from 'Forgot Password?'", () => {
  it('sets a new password: the old one stops working and the new one signs in', async () => {
    const user = await createCustomer(t.app, 'Rosa Reset');
    const password = newPassword();
    const res = await resetPassword(t.app, await resetTokenFor(user.email), password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect((await signIn(t.app, user.email, user.password, freshAddress())).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, password, freshAddress())).statusCode).toBe(200);
    // The owner is told, so a reset they did not make does not go unnoticed.
    const notice = await t.catcher.waitForMail(user.email, (m) => m.subject === 'Your ToolHouse password was changed');
    expect(notice.text).toContain('signed out on every device');
  });

  it('works once: the same link again is refused and leaves the new password in place', async () => {
    const user = await createCustomer(t.app, 'Sol Single');
    const token = await resetTokenFor(user.email);
    const first = newPassword();
    expect((await resetPassword(t.app, token, first)).statusCode).toBe(200);
    const again = await resetPassword(t.app, token, newPassword());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(t.app, user.email, first, freshAddress())).statusCode).toBe(200);
  });

  it('expires one hour after it was asked for', async () => {
    const user = await createCustomer(t.app, 'Eli Expiry');
    const token = await resetTokenFor(user.email);
    const [row] = await t.database.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const minutesLeft = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    // An hour later: the link's expiry, as the database holds it, has passed.
    await t.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const late = await resetPassword(t.app, token, newPassword());
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(t.app, user.email, user.password, freshAddress())).statusCode).toBe(200);
  });

  it("signs the account out everywhere: other sessions end and their access tokens are refused", async () => {
    const user = await createCustomer(t.app, 'Tess Tokens');
    // A second device: its own session and access token, issued before the reset.
    const laptop = await signIn(t.app, user.email, user.password, freshAddress());
    const laptopCookie = sessionCookieOf(laptop.headers['set-cookie']);
    const laptopToken = (await requestAccessToken(t.app, laptopCookie, user.email)).json().accessToken as string;
    expect((await profileWith(user)).statusCode).toBe(200);
    expect((await profileWith({ email: user.email, token: laptopToken })).statusCode).toBe(200);

    expect((await resetPassword(t.app, await resetTokenFor(user.email), newPassword())).statusCode).toBe(200);

    for (const token of [user.token, laptopToken]) {
      const refused = await profileWith({ email: user.email, token });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ status: 401, detail: API_ERRORS.signInRequired });
    }
    for (const cookie of [user.cookie, laptopCookie]) {
      expect((await getSession(cookie)).json()).toBeNull();
      expect((await requestAccessToken(t.app, cookie, user.email)).statusCode).toBe(401);
    }
  });

  it('takes a new password under the sign-up rules, and a refused one does not use the link up', async () => {
    const user = await createCustomer(t.app, 'Pam Rules');
    const token = await resetTokenFor(user.email);
    const short = await resetPassword(t.app, token, 'Xq7#pLm');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    const common = await resetPassword(t.app, token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: API_ERRORS.passwordTooCommon });
    expect((await signIn(t.app, user.email, user.password, freshAddress())).statusCode).toBe(200);
    expect((await resetPassword(t.app, token, newPassword())).statusCode).toBe(200);
  });

  it('confirms the address too (the link reached it), and shuts out whoever registered it first', async () => {
    // Someone registered the owner's address with their own password and signed in; it is unverified.
    const email = uniqueEmail('squatted');
    const squatterPassword = `Pw-${randomUUID()}`;
    expect((await signUp(t.app, 'Sam Squatter', email, squatterPassword)).statusCode).toBe(200);
    const squatter = await signIn(t.app, email, squatterPassword, freshAddress());
    const squatterCookie = sessionCookieOf(squatter.headers['set-cookie']);

    // The owner of the mailbox resets the password from the link.
    const ownersPassword = newPassword();
    expect((await resetPassword(t.app, await resetTokenFor(email), ownersPassword)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
    expect(row?.verified).toBe(true);
    expect((await getSession(squatterCookie)).json()).toBeNull();
    expect((await signIn(t.app, email, squatterPassword, freshAddress())).statusCode).toBe(401);
    expect((await signIn(t.app, email, ownersPassword, freshAddress())).statusCode).toBe(200);
  });

  it('an older link stops working once a newer one was used (issue 19)', async () => {
    const user = await createCustomer(t.app, 'Olga Older-Link');
    const older = await resetTokenFor(user.email);
    const newer = await resetTokenFor(user.email);
    expect((await resetPassword(t.app, newer, newPassword())).statusCode).toBe(200);
    const stale = await resetPassword(t.app, older, newPassword());
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});

describe('changing the password while signed in (issue 19)', () => {
  it('ends the reset links in the mailbox, and every other session with its access tokens', async () => {
    const email = uniqueEmail('changer');
    const password = newPassword();
    await signUp(t.app, 'Chris Changer', email, password);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const here = sessionCookieOf((await signIn(t.app, email, password, freshAddress())).headers['set-cookie']);
    const elsewhere = sessionCookieOf((await signIn(t.app, email, password, freshAddress())).headers['set-cookie']);
    const elsewhereToken = (await requestAccessToken(t.app, elsewhere, email)).json().accessToken as string;
    const pending = await resetTokenFor(email);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: 'http://127.0.0.1:3000', cookie: here },
      // The client did not ask to sign the other devices out: the store does it anyway.
      payload: { currentPassword: password, newPassword: newPassword(), revokeOtherSessions: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getSession(elsewhere)).json()).toBeNull();
    expect((await profileWith({ email, token: elsewhereToken })).statusCode).toBe(401);
    // This browser stays signed in, on a session the change gave it.
    expect((await getSession(sessionCookieOf(changed.headers['set-cookie']))).json()).toMatchObject({ user: { email } });
    expect((await resetPassword(t.app, pending, newPassword())).statusCode).toBe(400);
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const left = await t.database.db.select().from(verifications).where(sql`${verifications.identifier} like 'reset-password:%'`);
    expect(left.filter((row) => row.value === owner!.id)).toEqual([]);
  });
});
