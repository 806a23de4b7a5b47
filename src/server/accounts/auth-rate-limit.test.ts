import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signIn, TEST_ORIGIN, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';

/**
 * Every page load checks the session (GET /api/auth/get-session). Those reads must not spend the
 * small per-address budget meant for sign-ins, or a visitor browsing quickly is told "too many
 * requests" at sign-up and a signed-in admin looks signed out.
 */
const WRITES_PER_MINUTE = 5;
let t: TestApp;
let user: TestUser;
const ip = '203.0.113.9';
beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({ auth: { ...base.auth, rateLimitPerMinute: WRITES_PER_MINUTE, readRateLimitPerMinute: 40 } });
  user = await createCustomer(t.app, 'Brisk Browser');
});
afterAll(() => t.close());

const getSession = () =>
  t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie }, remoteAddress: ip });

describe('/api/auth limits', () => {
  it('lets thirty session checks through and still lets the same address sign in', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await getSession();
      expect(res.statusCode).toBe(200);
      expect(res.json()?.user?.email).toBe(user.email);
    }
    const res = await signIn(t.app, user.email, user.password, ip);
    expect(res.statusCode).toBe(200);
  });

  it('still limits writes from one address, and reads have a ceiling of their own', async () => {
    const other = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < WRITES_PER_MINUTE + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: other,
        payload: { name: 'Spray Bot', email: `spray-${i}@example.com`, password: 'Spray-password-9x!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, WRITES_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(WRITES_PER_MINUTE)).toEqual([429, 429]);

    let lastRead = 200;
    for (let i = 0; i < 45 && lastRead === 200; i++) {
      lastRead = (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: other })).statusCode;
    }
    expect(lastRead).toBe(429);
  });
});
