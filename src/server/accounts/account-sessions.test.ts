import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCustomer,
  enrolTwoFactor,
  identityPost,
  requestAccessToken,
  sessionCookieOf,
  signIn,
  signInForTest,
  TEST_ORIGIN,
  type TestUser,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { totpCode } from '../../../tests/support/totp';
import { API_ERRORS, type AccountSession } from '../../shared';

/**
 * A person's sessions (decision 023): a password change ends every other session and every
 * access token, the Sessions page lists them without their tokens and signs out everywhere, and
 * a signed-in browser guessing the password (or a code) is slowed down like a sign-in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (user: Pick<TestUser, 'token' | 'email'>) => t.app.inject({ method: 'GET', url: `/api/user/${user.email}`, headers: bearer(user) });
const getSession = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
const listSessions = (user: Pick<TestUser, 'token'>) => t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(user) });

/** The same account signed in a second time (another browser), with its own session and token. */
const secondBrowser = (user: TestUser) => signInForTest(t.app, user.name, user.email, user.password);

describe('changing the password', () => {
  it('ends every other session and every access token, the changing one included, and gives it a new session', async () => {
    const here = await createCustomer(t.app, 'Cara Changer');
    const elsewhere = await secondBrowser(here);
    const newPassword = 'A-brand-new-Pw-4471';
    const changed = await identityPost(t.app, '/change-password', here.cookie, {
      currentPassword: here.password,
      newPassword,
      // The client asked to keep the other sessions: the store ends them all the same.
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);

    // The other browser: its session and its token are gone.
    expect((await getSession(elsewhere.cookie)).json()).toBeNull();
    expect((await profile(elsewhere)).statusCode).toBe(401);
    expect((await requestAccessToken(t.app, elsewhere.cookie, here.email)).statusCode).toBe(401);
    // This browser's old session and token too: it carries on with the new session it was given.
    expect((await profile(here)).statusCode).toBe(401);
    const cookie = sessionCookieOf(changed.headers['set-cookie']);
    const token = (await requestAccessToken(t.app, cookie, here.email)).json().accessToken as string;
    expect((await profile({ ...here, token })).statusCode).toBe(200);

    expect((await signIn(t.app, here.email, here.password, '10.61.0.1')).statusCode).toBe(401);
    expect((await signIn(t.app, here.email, newPassword, '10.61.0.2')).statusCode).toBe(200);
  });
});

describe('the Sessions page (GET and DELETE /api/account/sessions)', () => {
  it("lists the account's own live sessions, which one is this, and never a token", async () => {
    const here = await createCustomer(t.app, 'Lina Lister');
    await secondBrowser(here);
    const other = await createCustomer(t.app, 'Otis Other');

    const res = await listSessions(here);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as AccountSession[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toEqual({
      id: expect.any(String),
      current: expect.any(Boolean),
      createdAt: expect.any(String),
      lastActiveAt: expect.any(String),
      expiresAt: expect.any(String),
      ipAddress: '127.0.0.1',
      userAgent: 'lightMyRequest',
      secondFactor: false,
    });
    const sessionToken = decodeURIComponent(here.cookie.split('=')[1]!).split('.')[0]!;
    expect(res.body).not.toContain(sessionToken);
    expect(res.body).not.toContain(other.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });

  it('ends one other session, and not another account’s', async () => {
    const here = await createCustomer(t.app, 'Ezra Ender');
    const elsewhere = await secondBrowser(here);
    const stranger = await createCustomer(t.app, 'Sid Stranger');
    const theirs = (await listSessions(stranger)).json() as AccountSession[];
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${theirs[0]!.id}`, headers: bearer(here) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(API_ERRORS.sessionNotFound);
    expect((await profile(stranger)).statusCode).toBe(200);

    const other = ((await listSessions(here)).json() as AccountSession[]).find((s) => !s.current)!;
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, headers: bearer(here) });
    expect(ended.json()).toEqual({ endedCount: 1 });
    expect((await profile(elsewhere)).statusCode).toBe(401);
    expect((await getSession(elsewhere.cookie)).json()).toBeNull();
    expect((await profile(here)).statusCode).toBe(200);
  });

  it('signs out everywhere: every session and access token of the account ends, this one too', async () => {
    const here = await createCustomer(t.app, 'Eve Everywhere');
    const elsewhere = await secondBrowser(here);
    const stranger = await createCustomer(t.app, 'Sue Stranger');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account/sessions', headers: bearer(here) });
    expect(res.json()).toEqual({ endedCount: 2 });
    for (const user of [here, elsewhere]) {
      expect((await profile(user)).statusCode).toBe(401);
      expect((await getSession(user.cookie)).json()).toBeNull();
      expect((await requestAccessToken(t.app, user.cookie, here.email)).statusCode).toBe(401);
    }
    expect((await profile(stranger)).statusCode).toBe(200);
  });
});

describe('identity answers', () => {
  it('all carry Cache-Control: no-store, and better-auth’s own session list carries no tokens', async () => {
    const user = await createCustomer(t.app, 'Nico Nostore');
    const answers = [
      await getSession(user.cookie),
      await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: { cookie: user.cookie } }),
      await signIn(t.app, user.email, 'Wrong-password-123', '10.62.0.1'),
      await signIn(t.app, user.email, user.password, '10.62.0.2'),
      await identityPost(t.app, '/verify-password', user.cookie, { password: user.password }),
      await t.app.inject({ method: 'GET', url: '/api/auth/ok' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/no-such-endpoint' }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
    const list = answers[1]!;
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
    for (const session of list.json() as Record<string, unknown>[]) expect(session).not.toHaveProperty('token');
  });
});

describe('guessing the password or a code from a signed-in browser', () => {
  const wrong = (i: number) => `Wrong-guess-${i}-Pw`;

  it('verify-password: five wrong guesses, then 429 for this client, even with the right password', async () => {
    const user = await createCustomer(t.app, 'Vic Verify');
    const ip = '10.63.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await identityPost(t.app, '/verify-password', user.cookie, { password: wrong(i) }, ip)).statusCode).toBe(400);
    }
    const sixth = await identityPost(t.app, '/verify-password', user.cookie, { password: user.password }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: API_ERRORS.tooManySignIns });
    expect(sixth.headers['cache-control']).toBe('no-store');
    // The same allowance as sign-in: the sign-in form from this address is refused too.
    expect((await signIn(t.app, user.email, user.password, ip)).statusCode).toBe(429);
  });

  it('change-password: wrong current passwords count; a refused new password neither counts nor forgives', async () => {
    const user = await createCustomer(t.app, 'Cid Change');
    const ip = '10.63.0.2';
    for (let i = 0; i < 4; i++) {
      const res = await identityPost(t.app, '/change-password', user.cookie, { currentPassword: wrong(i), newPassword: 'Fine-new-Pw-8812' }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PASSWORD');
    }
    // A new password that is too common is refused before the current one is looked at.
    for (let i = 0; i < 3; i++) {
      const res = await identityPost(t.app, '/change-password', user.cookie, { currentPassword: user.password, newPassword: 'password1' }, ip);
      expect(res.json().code).toBe('PASSWORD_TOO_COMMON');
    }
    expect((await identityPost(t.app, '/change-password', user.cookie, { currentPassword: wrong(9), newPassword: 'Fine-new-Pw-8812' }, ip)).statusCode).toBe(400);
    const sixth = await identityPost(t.app, '/change-password', user.cookie, { currentPassword: user.password, newPassword: 'Fine-new-Pw-8812' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect((await signIn(t.app, user.email, user.password, '10.63.0.3')).statusCode).toBe(200);
  });

  it('a code from the app, in a signed-in session: five wrong codes, then 429', async () => {
    const customer = await createCustomer(t.app, 'Tod Totp');
    const { user, totpURI } = await enrolTwoFactor(t.app, customer);
    const ip = '10.63.0.4';
    const bad = totpCode(totpURI) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await identityPost(t.app, '/two-factor/verify-totp', user.cookie, { code: bad }, ip)).statusCode).toBe(401);
    expect((await identityPost(t.app, '/two-factor/verify-totp', user.cookie, { code: totpCode(totpURI) }, ip)).statusCode).toBe(429);
  });

  it('without a session, verify-password answers 401 and counts nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-password', headers: { origin: TEST_ORIGIN }, payload: { password: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
