import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createCustomer,
  requestAccessToken,
  sessionCookieOf,
  signIn,
  signUp,
  TEST_ORIGIN,
  uniqueEmail,
} from '../../../tests/support/accounts';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';
import { findProfileByEmail } from './users-repository';

const MAX_FAILURES = 5;
const TOO_MANY = { code: 'TOO_MANY_ATTEMPTS', message: API_ERRORS.tooManySignIns };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ auth: { ...testConfig().auth, signInMaxFailures: MAX_FAILURES } });
});
afterAll(() => t.close());

/** Each throttling test signs in from an address of its own, so the per-address count starts at 0. */
let nextAddress = 1;
const freshAddress = () => `10.20.0.${nextAddress++}`;
const wrongPassword = () => `Wrong-${randomUUID()}`;

describe('sign-up', () => {
  it('refuses a 7-character password and accepts a 64-character one', async () => {
    const short = await signUp(t.app, 'Short Pw', uniqueEmail('short'), 'Xq7#pLm');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    expect(short.headers['set-cookie']).toBeUndefined();

    const email = uniqueEmail('long');
    const password = 'Lq9$wEr7'.repeat(8);
    expect(password).toHaveLength(64);
    const long = await signUp(t.app, 'Long Pw', email, password);
    expect(long.statusCode).toBe(200);
    expect(long.json().user).toMatchObject({ email, name: 'Long Pw' });
    expect((await signIn(t.app, email, password, freshAddress())).statusCode).toBe(200);
  });

  it.each(['password123', 'qwertyuiop', '12345678', 'iloveyou1'])(
    'refuses the common password %s with 400 PASSWORD_TOO_COMMON and creates no account',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await signUp(t.app, 'Common Pw', email, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: API_ERRORS.passwordTooCommon });
      expect(await findProfileByEmail(t.database.db, email)).toBeNull();
    },
  );

  it('does not log a refused common password as a server error', async () => {
    // A weak password is the caller's mistake (400), not something for the operators' error alerts.
    const logged = vi.spyOn(t.app.log, 'error');
    const res = await signUp(t.app, 'Common Pw', uniqueEmail('common'), 'password123');
    expect(res.statusCode).toBe(400);
    expect(logged.mock.calls).toEqual([]);
  });

  it('ignores role: admin in the sign-up body', async () => {
    const email = uniqueEmail('climber');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Role Climber', email, password: 'Climb-Pw-90210', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('customer');
    const cookie = sessionCookieOf((await signIn(t.app, email, 'Climb-Pw-90210', freshAddress())).headers['set-cookie']);
    const token = (await requestAccessToken(t.app, cookie, email)).json().accessToken as string;
    const status = await t.app.inject({ method: 'GET', url: `/api/admin/${email}`, headers: bearer({ token }) });
    expect(status.json()).toEqual({ admin: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer({ token }) })).statusCode).toBe(403);
  });

  it('creates no second account for the same email: the first password still signs in, the second does not', async () => {
    // The answer is that of a new address (no-enumeration.test.ts compares them); nothing changes.
    const user = await createCustomer(t.app);
    const res = await signUp(t.app, 'Second Try', user.email, 'Second-Pw-55123');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await signIn(t.app, user.email, user.password, freshAddress())).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, 'Second-Pw-55123', freshAddress())).statusCode).toBe(401);
  });

  it('does not sign in: the first session comes from the verification link or a sign-in', async () => {
    const email = uniqueEmail('fresh');
    const res = await signUp(t.app, 'Fresh Face', email, 'Fresh-Pw-31337');
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-in failures', () => {
  it('answers a wrong password and an unknown email alike: 401 with the same body', async () => {
    const user = await createCustomer(t.app);
    const wrong = await signIn(t.app, user.email, wrongPassword(), freshAddress());
    const unknown = await signIn(t.app, uniqueEmail('ghost'), wrongPassword(), freshAddress());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: expect.any(String) });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it(`blocks an account on one address after ${MAX_FAILURES} failures, even with the right password, but not elsewhere`, async () => {
    const user = await createCustomer(t.app);
    const ip = freshAddress();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await signIn(t.app, user.email, wrongPassword(), ip)).statusCode).toBe(401);
    }
    const right = await signIn(t.app, user.email, user.password, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(TOO_MANY);
    expect(right.headers['set-cookie']).toBeUndefined();
    // The email in another case is the same account; another address is not blocked by these failures.
    expect((await signIn(t.app, user.email.toUpperCase(), user.password, ip)).statusCode).toBe(429);
    expect((await signIn(t.app, user.email.toUpperCase(), user.password, freshAddress())).statusCode).toBe(200);
  });

  it('throttles an unknown email the same way, with the same answer', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = freshAddress();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await signIn(t.app, ghost, wrongPassword(), ip)).statusCode).toBe(401);
    }
    const res = await signIn(t.app, ghost, wrongPassword(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
  });

  it(`blocks an address after ${6 * MAX_FAILURES} failures across accounts, while another address still gets 401`, async () => {
    const ip = freshAddress();
    const perAccount = 3; // below the per-account limit, so only the address count can block
    for (let n = 0; n < (6 * MAX_FAILURES) / perAccount; n += 1) {
      const email = uniqueEmail('spray');
      for (let i = 0; i < perAccount; i += 1) {
        expect((await signIn(t.app, email, wrongPassword(), ip)).statusCode).toBe(401);
      }
    }
    const next = await signIn(t.app, uniqueEmail('spray'), wrongPassword(), ip);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(TOO_MANY);
    const realUser = await createCustomer(t.app);
    expect((await signIn(t.app, realUser.email, realUser.password, ip)).statusCode).toBe(429);

    const elsewhere = await signIn(t.app, uniqueEmail('spray'), wrongPassword(), freshAddress());
    expect(elsewhere.statusCode).toBe(401);
    expect((await signIn(t.app, realUser.email, realUser.password, freshAddress())).statusCode).toBe(200);
  });

  it("resets the account's count after a successful sign-in", async () => {
    const user = await createCustomer(t.app);
    const ip = freshAddress();
    for (let i = 0; i < MAX_FAILURES - 1; i += 1) {
      expect((await signIn(t.app, user.email, wrongPassword(), ip)).statusCode).toBe(401);
    }
    expect((await signIn(t.app, user.email, user.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await signIn(t.app, user.email, wrongPassword(), ip)).statusCode).toBe(401);
    }
    expect((await signIn(t.app, user.email, wrongPassword(), ip)).statusCode).toBe(429);
  });

  it(`checks no more than ${MAX_FAILURES} passwords when the attempts arrive at the same time`, async () => {
    const user = await createCustomer(t.app);
    const ip = freshAddress();
    const burst = await Promise.all(Array.from({ length: 12 }, () => signIn(t.app, user.email, wrongPassword(), ip)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // However the burst interleaved, the account gets exactly MAX_FAILURES password checks in all.
    let checked = statuses.filter((s) => s === 401).length;
    for (let i = 0; i < MAX_FAILURES + 2; i += 1) {
      const res = await signIn(t.app, user.email, wrongPassword(), ip);
      if (res.statusCode === 401) checked += 1;
      else expect(res.statusCode).toBe(429);
    }
    expect(checked).toBe(MAX_FAILURES);
    expect((await signIn(t.app, user.email, user.password, ip)).statusCode).toBe(429);
  });
});
