import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, TEST_ORIGIN, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { documentPolicy } from '../../../tests/support/document-policy';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createCustomer(t.app, 'Sam Sameorigin');
});
afterAll(() => t.close());

describe('writes authorised by the session cookie alone', () => {
  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['no Origin header', {}],
  ])('are refused from %s, and change nothing', async (_label, originHeader) => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.email}`,
      headers: { cookie: user.cookie, ...originHeader },
      payload: { userName: 'Hijacked Name' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().detail).toBe('This request must come from the store itself');
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: user.cookie, ...originHeader },
      payload: { email: user.email },
    });
    expect(token.statusCode).toBe(403);
    const profile = await t.app.inject({ method: 'GET', url: `/api/user/${user.email}`, headers: { cookie: user.cookie } });
    expect(profile.json().userName).toBe('Sam Sameorigin');
  });

  it('are accepted from the store itself', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.email}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { userName: 'Sam Renamed' },
    });
    expect(put.statusCode).toBe(200);
  });
});

describe('GET /api/auth-options', () => {
  it('says whether Google sign-in is set up, so the login page can tell people', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(res.json()).toEqual({ google: false, emailVerification: 'required', adminTwoFactor: 'optional' });
    expect(await documentPolicy(t.app)).not.toContain('googleusercontent');
  });
});

describe('the identity routes (/api/auth) from another site', () => {
  // Vitest runs with NODE_ENV=test and TEST=true, which turn better-auth's own Origin check off
  // unless the store says otherwise: these run where the check was once disarmed by the environment.
  it('refuse a sign-in posted by another site, and sign nobody in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      // A cookie, as a browser sends one: better-auth checks the Origin of requests that carry cookies.
      headers: { origin: 'https://evil.example', cookie: 'better-auth.session_token=x' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^better-auth\.session_token=[^;]/)]));
  });

  it('refuse a sign-out posted by another site with the customer\'s cookie, and the session goes on', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: 'https://evil.example', cookie: user.cookie } });
    expect(res.statusCode).toBe(403);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(session.json()?.user?.email).toBe(user.email);
  });
});
