import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  requestPasswordReset,
  signIn,
  signUp,
  TEST_ORIGIN,
  uniqueEmail,
} from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { accounts, mailOutbox, users } from '../db/schema';

/**
 * Issue 11: nobody can learn whether an address has an account by asking the store. Sign-up,
 * sign-in, 'Forgot Password?' and 'Send the link again' answer a registered address and a new
 * one with the same status, the same headers that matter and the same body (apart from values
 * that differ on every call, such as a new user's id and times); only the mailbox's owner learns
 * which it was.
 */
let t: TestAppWithMail;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t?.close());

let nextAddress = 1;
const freshAddress = () => `10.40.0.${nextAddress++}`;

/** The answer as a caller can compare it: status, cookies set, and the body with per-call values replaced by their kind. */
function observable(res: LightMyRequestResponse) {
  const body = res.body ? (JSON.parse(res.body) as unknown) : null;
  return {
    status: res.statusCode,
    contentType: res.headers['content-type'],
    cookies: [res.headers['set-cookie'] ?? []].flat().map((c) => c.split('=')[0]),
    body: shapeOf(body),
  };
}
/** Ids and timestamps differ on every call, and each answer names the address it was sent; everything else must match exactly. */
function shapeOf(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => shapeOf(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v, k)]));
  }
  if (key === 'id' && typeof value === 'string') return `<id of ${value.length} characters>`;
  if (key === 'email' && typeof value === 'string') return '<the address sent, lower case>';
  if ((key === 'createdAt' || key === 'updatedAt') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return '<time>';
  return value;
}
const outboxFor = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe('sign-up', () => {
  it('answers a registered address exactly as a new one, mails its owner instead and changes nothing', async () => {
    const owner = await createCustomer(t.app, 'Olga Owner');
    const newcomer = uniqueEmail('newcomer');
    const taken = await signUp(t.app, 'Ivan Intruder', owner.email, `Pw-${randomUUID()}`);
    const fresh = await signUp(t.app, 'Ivan Intruder', newcomer, `Pw-${randomUUID()}`);

    expect(taken.statusCode).toBe(200);
    expect(observable(taken)).toEqual(observable(fresh));
    // Neither signs in: a session for the new address only would tell the two apart.
    expect(observable(taken).cookies).toEqual([]);
    expect(taken.json().user).toMatchObject({ email: owner.email, name: 'Ivan Intruder', emailVerified: false });
    expect(fresh.json().user).toMatchObject({ email: newcomer, name: 'Ivan Intruder', emailVerified: false });

    // The owner hears about it; the account keeps its name, its password and its one login.
    const notice = await t.catcher.waitForMail(owner.email, (m) => m.subject === 'Someone tried to sign up with your ToolHouse address');
    expect(notice.text).toContain('nothing was created or changed');
    expect(t.catcher.linkIn(notice, '/login')).toMatch(/\/login$/);
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, owner.email));
    expect(stored).toMatchObject({ id: owner.userId, name: 'Olga Owner' });
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, owner.userId))).toHaveLength(1);
    expect((await signIn(t.app, owner.email, owner.password, freshAddress())).statusCode).toBe(200);
    // The new address gets its verification link, and no notice.
    await t.catcher.waitForMail(newcomer, (m) => m.subject === 'Confirm your email address for ToolHouse');
    expect((await outboxFor(newcomer)).map((r) => r.subject)).toEqual(['Confirm your email address for ToolHouse']);
  });

  it('answers alike in any spelling of the address', async () => {
    const owner = await createCustomer(t.app, 'Cara Case');
    const shouted = await signUp(t.app, 'Cara Case', owner.email.toUpperCase(), `Pw-${randomUUID()}`);
    const fresh = await signUp(t.app, 'Cara Case', uniqueEmail('case').toUpperCase(), `Pw-${randomUUID()}`);
    expect(observable(shouted)).toEqual(observable(fresh));
    expect(shouted.json().user.email).toBe(owner.email);
  });
});

describe('sign-in', () => {
  it('answers a wrong password for a registered address, verified or not, as an unknown address', async () => {
    const verified = await createCustomer(t.app, 'Vic Verified');
    const unverified = await createCustomer(t.app, 'Una Unverified', { verified: false });
    const answers = await Promise.all([
      signIn(t.app, verified.email, `Wrong-${randomUUID()}`, freshAddress()),
      signIn(t.app, unverified.email, `Wrong-${randomUUID()}`, freshAddress()),
      signIn(t.app, uniqueEmail('ghost'), `Wrong-${randomUUID()}`, freshAddress()),
    ]);
    expect(answers[0]!.statusCode).toBe(401);
    expect(observable(answers[1]!)).toEqual(observable(answers[0]!));
    expect(observable(answers[2]!)).toEqual(observable(answers[0]!));
  });
});

describe("'Forgot Password?'", () => {
  it('answers a registered address as an unknown one, and mails only the registered one', async () => {
    const owner = await createCustomer(t.app, 'Rex Reset');
    const ghost = uniqueEmail('ghost');
    const known = await requestPasswordReset(t.app, owner.email);
    const unknown = await requestPasswordReset(t.app, ghost);
    expect(known.statusCode).toBe(200);
    expect(observable(unknown)).toEqual(observable(known));
    await t.catcher.waitForMail(owner.email, (m) => m.subject === 'Reset your ToolHouse password');
    expect(await outboxFor(ghost)).toEqual([]);
  });
});

describe("'Send the link again' without a session", () => {
  it('answers an unverified, a verified and an unknown address alike', async () => {
    const unverified = await createCustomer(t.app, 'Nora New', { verified: false });
    const verified = await createCustomer(t.app, 'Vera Done');
    const ask = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: { origin: TEST_ORIGIN }, payload: { email } });
    const [a, b, c] = await Promise.all([ask(unverified.email), ask(verified.email), ask(uniqueEmail('ghost'))]);
    expect(a!.statusCode).toBe(200);
    expect(observable(b!)).toEqual(observable(a!));
    expect(observable(c!)).toEqual(observable(a!));
  });
});
