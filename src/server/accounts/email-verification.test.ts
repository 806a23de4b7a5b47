import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  linkTokenOf,
  signIn,
  signInForTest,
  requestPasswordReset,
  signUp,
  TEST_ORIGIN,
  uniqueEmail,
  verifyEmailWithToken,
  type TestUser,
} from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestAppWithMail, TEST_MAIL_FROM, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { createTestApp, testConfig } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';
import { mailOutbox, tools, users } from '../db/schema';

/**
 * Issue 11: a new email/password account gets a verification link. Until it is followed the
 * account can sign in and browse but not order; following it signs the person in.
 * The mail goes through a real SMTP server (smtp-server) and the link is the one in the mail.
 */
let t: TestAppWithMail;
let toolId: string;

beforeAll(async () => {
  t = await createTestAppWithMail();
  toolId = (await createTools(t.database.db, 1, { minQty: 1, availableQty: 1000 }))[0]!.id;
});
afterAll(() => t?.close());

const isVerification = (m: { subject?: string }) => m.subject === 'Confirm your email address for ToolHouse';
const order = (user: Pick<TestUser, 'token'>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(user),
    payload: { toolId, quantity: 2, address: '4 Verify Street, Leeds', phone: '+44 113 496 0101' },
  });
const stockNow = async () => (await t.database.db.select().from(tools).where(eq(tools.id, toolId)))[0]!.availableQty;
const emailVerified = async (email: string) =>
  (await t.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.email, email)))[0]?.v;

/** Signs up; answers the account's details and the token of the verification link mailed to it. */
async function signUpAndReadLink(name: string) {
  const email = uniqueEmail('verify');
  const password = `Pw-${randomUUID()}`;
  const res = await signUp(t.app, name, email, password);
  expect(res.statusCode, res.body).toBe(200);
  const mail = await t.catcher.waitForMail(email, isVerification);
  return { email, password, name, token: linkTokenOf(t.catcher.linkIn(mail, '/verifyEmail')), mail };
}

describe('a new email/password account', () => {
  it('is mailed a link to /verifyEmail, whose page confirms the address; the customer then signs in and can order', async () => {
    const { email, password, name, token, mail } = await signUpAndReadLink('Vera Verifier');
    // The store's own words only: no name that whoever signed up typed (issue 19).
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('Vera Verifier');
    expect(mail.html).toContain('Confirm my email address');
    expect(await emailVerified(email)).toBe(false);

    const verified = await verifyEmailWithToken(t.app, token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ status: true, user: null });
    expect(await emailVerified(email)).toBe(true);
    // The link signs nobody in: whoever signed up chose the password (a pre-hijack, issue 19).
    expect(verified.headers['set-cookie']).toBeUndefined();

    const user = await signInForTest(t.app, name, email, password);
    const placed = await order(user);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('does not hand the owner of an address an account someone else made with it (pre-hijack)', async () => {
    // The attacker signs up first with the victim's address, a password they know, and a phishing name.
    const { email, token, mail } = await signUpAndReadLink('customer! Your $50 ToolHouse voucher is ready, confirm below to claim it');
    expect(mail.text).not.toContain('voucher');
    expect(mail.html).not.toContain('voucher');
    // The victim follows the genuine link: the address is confirmed, but the victim is not signed in
    // to the attacker's account, so nothing they do lands there.
    const followed = await verifyEmailWithToken(t.app, token);
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['set-cookie']).toBeUndefined();
    // To use the address, the victim chooses a password of their own: the attacker's stops working.
    const reset = await requestPasswordReset(t.app, email);
    expect(reset.statusCode).toBe(200);
  });

  it('refuses a name with a line break at sign-up (400 naming the field)', async () => {
    const res = await signUp(t.app, 'Line\nBreak', uniqueEmail('lines'), 'Line-break-pw-90210');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_NAME', message: VALIDATION.nameOneLine });
  });

  it('can sign in and browse before verifying, but an order is refused with 409 and the reason', async () => {
    const { email, password, name, token } = await signUpAndReadLink('Una Unverified');
    const user = await signInForTest(t.app, name, email, password);
    const profile = await t.app.inject({ method: 'GET', url: `/api/user/${email}`, headers: bearer(user) });
    expect(profile.statusCode).toBe(200);
    const orders = await t.app.inject({ method: 'GET', url: `/api/order/${email}`, headers: bearer(user) });
    expect(orders.statusCode).toBe(200);

    const before = await stockNow();
    const refused = await order(user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, detail: API_ERRORS.emailNotVerified });
    expect(await stockNow()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${email}`, headers: bearer(user) })).json()).toEqual([]);

    // Verified meanwhile (in another tab): the same session and token may order at once.
    expect((await verifyEmailWithToken(t.app, token)).statusCode).toBe(200);
    expect((await order(user)).statusCode).toBe(201);
  });

  it("gets a new link from 'Send the link again' while signed in, and can order once it is followed", async () => {
    const { email, password, name, mail: first } = await signUpAndReadLink('Rhea Resender');
    const user = await signInForTest(t.app, name, email, password);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { email },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ status: true });
    const second = await t.catcher.waitForMail(email, (m) => isVerification(m) && m !== first);
    expect((await verifyEmailWithToken(t.app, linkTokenOf(t.catcher.linkIn(second, '/verifyEmail')), user.cookie)).statusCode).toBe(200);
    expect((await order(user)).statusCode).toBe(201);

    // Once verified, asking again is refused rather than mailing another link.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { email },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
  });

  it('following the link again confirms nothing new and starts no session', async () => {
    const { email, token } = await signUpAndReadLink('Otto Once');
    expect((await verifyEmailWithToken(t.app, token)).statusCode).toBe(200);
    const again = await verifyEmailWithToken(t.app, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: true, user: null });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await emailVerified(email)).toBe(true);
  });

  it('refuses a link past its 24 hours (TOKEN_EXPIRED) and a forged one (INVALID_TOKEN), verifying nothing', async () => {
    const { email, password } = await signUpAndReadLink('Ezra Expired');
    const secret = (await t.app.auth.$context).secret;
    // The link as it was made 24 hours and a minute ago: the same signed token, with its expiry passed.
    const userId = (await signIn(t.app, email, password)).json().user.id as string;
    const expired = await createEmailVerificationToken(secret, email, undefined, -60, { userId });
    const late = await verifyEmailWithToken(t.app, expired);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(late.headers['set-cookie']).toBeUndefined();

    const forged = await createEmailVerificationToken('a-different-secret-that-is-long-enough-0123456789', email, undefined, 3600, { userId });
    const bad = await verifyEmailWithToken(t.app, forged);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await emailVerified(email)).toBe(false);
  });
});

describe('mail to one address', () => {
  it('is limited to 4 in 15 minutes across sign-up, reset and resend, registered or not, with the same answers', async () => {
    const registered = (await signUpAndReadLink('Lim Ited')).email; // its sign-up mail was the first
    const unknown = uniqueEmail('nobody');
    const ask = (email: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: i % 2 === 0 ? '/api/auth/request-password-reset' : '/api/auth/send-verification-email',
        headers: { origin: TEST_ORIGIN },
        payload: { email },
      });
    const answers = async (email: string) => {
      const all = [];
      for (let i = 0; i < 5; i += 1) all.push(await ask(email, i));
      return all;
    };
    const forRegistered = await answers(registered);
    const forUnknown = await answers(unknown);
    expect(forRegistered.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429]);
    expect(forUnknown.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429]);
    for (const refused of [forRegistered[4]!, forUnknown[4]!]) {
      expect(refused.json()).toEqual({ code: 'TOO_MANY_MAILS', message: API_ERRORS.tooManyMailsToAddress });
    }
    // The answers that got through are the same whether the address has an account or not.
    expect(forUnknown.slice(0, 3).map((r) => r.json())).toEqual(forRegistered.slice(0, 3).map((r) => r.json()));
  });
});

describe('accounts that arrive verified', () => {
  it('the first admin from ADMIN_EMAIL counts as verified, and no mail is sent to it', async () => {
    const admin = { email: uniqueEmail('boss'), password: `Boss-${randomUUID()}` };
    const own = await createTestApp({ auth: { ...testConfig().auth, admin }, mail: { smtpUrl: t.catcher.url, from: TEST_MAIL_FROM } });
    try {
      const [row] = await own.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.email, admin.email));
      expect(row?.v).toBe(true);
      // Nothing was queued for it (checked in the outbox itself, not by waiting for a mail that may be late).
      expect(await own.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, admin.email))).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
