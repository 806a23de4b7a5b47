import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, createCustomer, requestAccessToken, sessionCookieOf, signIn, TEST_ORIGIN, type TestUser } from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import { testConfig, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';

const AUTH_SECRET = testConfig().auth.secret!;
const ISSUER = 'toolhouse-store';
const AUDIENCE = 'toolhouse-api';
const UNAUTHORIZED = { status: 401, detail: API_ERRORS.signInRequired };

/** The access-token key, derived from the auth secret the way access-tokens.ts does. */
const tokenKey = (secret: string) => createHmac('sha256', secret).update('toolhouse access token v1').digest();
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let t: TestApp;
let A: TestUser;
let B: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A, B, admin } = cast));

/** GET /api/user answers 200 only to an admin, so a forgery of the admin's token that got through would show. */
const listUsers = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: authorization === undefined ? {} : { authorization } });

/** A token with the admin's real claims, signed by us with `key` and expiring at `exp`. */
function signAdminClaims(key: Uint8Array, exp: number, iat = Math.floor(Date.now() / 1000)) {
  const claims = decodeJwt(admin.token);
  return new SignJWT({ email: claims.email, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
}

describe('POST /api/login', () => {
  it('answers 401 without an identity session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { origin: TEST_ORIGIN }, payload: { email: A.email } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(UNAUTHORIZED);
  });

  it('answers 401 to a made-up session cookie', async () => {
    const res = await requestAccessToken(t.app, 'better-auth.session_token=made-up.c2lnbmF0dXJl', A.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(UNAUTHORIZED);
  });

  it("answers 403 to A's session asking for B's token", async () => {
    const res = await requestAccessToken(t.app, A.cookie, B.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, detail: API_ERRORS.wrongAccountForToken });
  });

  it('answers 401 to a bearer token alone: only the identity session can get a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: bearer(A), payload: { email: A.email } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(UNAUTHORIZED);
  });

  it('issues an HS256 JWT for the session, valid for one hour, that is not cached', async () => {
    const res = await requestAccessToken(t.app, A.cookie, A.email);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { accessToken } = res.json();
    expect(Object.keys(res.json())).toEqual(['accessToken']);
    expect(decodeProtectedHeader(accessToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ sub: A.userId, email: A.email, iss: ISSUER, aud: AUDIENCE, sid: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());

    const profile = await t.app.inject({ method: 'GET', url: `/api/user/${A.email}`, headers: { authorization: `Bearer ${accessToken}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ _id: A.userId, email: A.email });
  });
});

describe('bearer tokens on a protected endpoint', () => {
  it("accepts the admin's real token (the control for the forgeries below)", async () => {
    const res = await listUsers(`Bearer ${admin.token}`);
    expect(res.statusCode).toBe(200);
  });

  it('accepts a token we sign with the derived key and the admin claims (the control for wrong key and expiry)', async () => {
    const token = await signAdminClaims(tokenKey(AUTH_SECRET), Math.floor(Date.now() / 1000) + 600);
    expect((await listUsers(`Bearer ${token}`)).statusCode).toBe(200);
  });

  const forgeries: Array<[string, () => Promise<string> | string]> = [
    [
      'alg: none with the real payload and no signature',
      () => `${base64url({ alg: 'none', typ: 'JWT' })}.${admin.token.split('.')[1]}.`,
    ],
    [
      "A's token with the payload swapped for the admin's claims, keeping A's signature",
      () => {
        const adminClaims = decodeJwt(admin.token);
        const tampered: JWTPayload = { ...decodeJwt(A.token), sub: adminClaims.sub, sid: adminClaims.sid, email: adminClaims.email };
        const [header, , signature] = A.token.split('.');
        return `${header}.${base64url(tampered)}.${signature}`;
      },
    ],
    [
      'signed with a wrong key',
      () => signAdminClaims(tokenKey('another-secret-that-is-long-enough-0123456789'), Math.floor(Date.now() / 1000) + 600),
    ],
    [
      'signed with the auth secret itself instead of the derived key',
      () => signAdminClaims(new TextEncoder().encode(AUTH_SECRET), Math.floor(Date.now() / 1000) + 600),
    ],
    [
      'expired (right key, exp an hour ago)',
      () => {
        const now = Math.floor(Date.now() / 1000);
        return signAdminClaims(tokenKey(AUTH_SECRET), now - 3600, now - 7200);
      },
    ],
    ["the admin's token with its signature altered", () => `${admin.token.slice(0, -4)}${admin.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`],
  ];

  it.each(forgeries)('refuses a token %s with 401', async (_name, forge) => {
    const res = await listUsers(`Bearer ${await forge()}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(UNAUTHORIZED);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a garbage string', 'Bearer not-a-jwt'],
    ['three garbage parts', 'Bearer aaa.bbb.ccc'],
    ['"Bearer" with no token', 'Bearer'],
    ['"Bearer " with an empty token', 'Bearer '],
    ['a token without a scheme', 'TOKEN'],
    ['a Basic header with the right password', 'BASIC'],
  ])('refuses %s with 401', async (_name, header) => {
    let authorization = header;
    if (header === 'TOKEN') authorization = admin.token;
    if (header === 'BASIC') authorization = `Basic ${Buffer.from(`${admin.email}:${admin.password}`).toString('base64')}`;
    const res = await listUsers(authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(UNAUTHORIZED);
  });

  it('answers 403 to a valid token without the admin right', async () => {
    const res = await listUsers(`Bearer ${A.token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, detail: API_ERRORS.forbidden });
  });
});

describe('sign-out', () => {
  it('ends the session on the server: its access token and cookie stop working, other sessions go on', async () => {
    const S = await createCustomer(t.app, 'Sam Signout');
    const other = await signIn(t.app, S.email, S.password, '10.9.0.1');
    expect(other.statusCode).toBe(200);
    const otherCookie = sessionCookieOf(other.headers['set-cookie']);
    const otherToken = (await requestAccessToken(t.app, otherCookie, S.email)).json().accessToken as string;
    const profileWith = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/user/${S.email}`, headers: { authorization: `Bearer ${token}` } });
    expect((await profileWith(S.token)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: TEST_ORIGIN, cookie: S.cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });

    const afterOut = await profileWith(S.token);
    expect(afterOut.statusCode).toBe(401);
    expect(afterOut.json()).toMatchObject(UNAUTHORIZED);
    const renew = await requestAccessToken(t.app, S.cookie, S.email);
    expect(renew.statusCode).toBe(401);
    expect(renew.json()).toMatchObject(UNAUTHORIZED);

    const stillIn = await profileWith(otherToken);
    expect(stillIn.statusCode).toBe(200);
    expect(stillIn.json()).toMatchObject({ email: S.email });
  });
});
