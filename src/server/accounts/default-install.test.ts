import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, requestAccessToken, sessionCookieOf, signUp, uniqueEmail } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { placeOrderByApi, payWithTestCard } from '../../../tests/support/orders';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { loadConfig } from '../config';
import { mailOutbox } from '../db/schema';
import { describeEmailVerification, formatStartBanner } from '../start-banner';

/**
 * Issue 17: on a fresh `npm start` nobody could buy. Without SMTP_URL no mail reaches anyone, yet
 * ordering waited for a confirmed address, and sign-up ("Check your email") never signed in. Now
 * the store confirms addresses only when it can send mail, unless EMAIL_VERIFICATION says otherwise.
 */
describe('EMAIL_VERIFICATION and its default', () => {
  const settingOf = (env: NodeJS.ProcessEnv) => loadConfig(env).auth.emailVerification;

  it('is off without SMTP_URL and required with it; the setting forces either way', () => {
    expect(settingOf({})).toEqual({ mode: 'off', reason: 'no-smtp' });
    expect(settingOf({ SMTP_URL: 'smtp://mail.example.com:587' })).toEqual({ mode: 'required', reason: 'smtp' });
    expect(settingOf({ EMAIL_VERIFICATION: 'required' })).toEqual({ mode: 'required', reason: 'setting' });
    expect(settingOf({ SMTP_URL: 'smtp://mail.example.com:587', EMAIL_VERIFICATION: 'off' })).toEqual({ mode: 'off', reason: 'setting' });
  });

  it('refuses any other value at start, naming the variable', () => {
    expect(() => loadConfig({ EMAIL_VERIFICATION: 'sometimes' })).toThrow(/EMAIL_VERIFICATION: must be required or off/);
  });

  it('is named in the start banner with its reason', () => {
    const banner = (env: NodeJS.ProcessEnv) =>
      formatStartBanner({
        address: 'http://127.0.0.1:3000',
        publicUrl: 'http://127.0.0.1:3000',
        database: { kind: 'pglite', dataDir: null },
        createdAdmin: null,
        emailVerification: settingOf(env),
      });
    expect(banner({})).toContain(`Sign-up: ${describeEmailVerification({ mode: 'off', reason: 'no-smtp' })}`);
    expect(banner({})).toContain('may order at once, unconfirmed (no SMTP_URL, so no confirmation mail could arrive');
    expect(banner({ SMTP_URL: 'smtp://m.example.com' })).toContain('confirm their email address before they order (the store can send mail (SMTP_URL))');
    expect(banner({ EMAIL_VERIFICATION: 'off' })).toContain('(set by EMAIL_VERIFICATION)');
  });
});

describe('a store started without SMTP_URL (the default install)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const defaults = loadConfig({ LOG_LEVEL: 'silent', AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789' });
    t = await createTestApp({ auth: { ...testConfig().auth, emailVerification: defaults.auth.emailVerification } });
  });
  afterAll(() => t.close());

  it('signs a new customer in at sign-up, who can take a token and order and pay right away', async () => {
    const email = uniqueEmail('newcomer');
    const res = await signUp(t.app, 'Nina Newcomer', email, 'a-Long-and-new-passphrase-9');
    expect(res.statusCode).toBe(200);
    // Signed in: a session cookie and its token, as the spec's registration has it.
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { email, emailVerified: false } });
    const login = await requestAccessToken(t.app, cookie, email);
    expect(login.statusCode).toBe(200);
    const customer = { token: login.json().accessToken as string };

    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 5 });
    const placed = await placeOrderByApi(t.app, customer, tool!.id, 2);
    expect(placed.statusCode).toBe(201);
    expect((await payWithTestCard(t.app, customer, placed.json().insertedId)).confirm?.statusCode).toBe(200);
    // No confirmation mail was queued that could never arrive.
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(queued.map((m) => m.subject).filter((subject) => /confirm/i.test(subject))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth-options' })).json()).toMatchObject({ emailVerification: 'off' });
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${email}`, headers: bearer(customer) })).headers['x-total-count']).toBe('1');
  });

  it('refuses a second sign-up with a taken address (422), signing nobody in', async () => {
    const email = uniqueEmail('taken');
    expect((await signUp(t.app, 'First Owner', email, 'a-Long-and-new-passphrase-9')).statusCode).toBe(200);
    const again = await signUp(t.app, 'Second Comer', email, 'another-Long-passphrase-8');
    expect(again.statusCode).toBe(422);
    expect(again.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^better-auth\.session_token=[^;]+;/)]));
  });
});
