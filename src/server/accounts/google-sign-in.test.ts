import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createCustomer, requestAccessToken, signIn, signUp, TEST_ORIGIN, uniqueEmail } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { signInAtFakeGoogle, startFakeGoogle, type FakeGoogle } from '../../../tests/support/fake-google';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { documentPolicy } from '../../../tests/support/document-policy';
import { accounts } from '../db/schema';
import { markEmailVerified } from '../identity/identity';

/** better-auth's genericOAuth providers come back through the core `/callback/:id` endpoint. */
const CALLBACK_PATH = '/api/auth/callback/google';

let google: FakeGoogle;
let t: TestApp;

beforeAll(async () => {
  // The store fetches the provider's discovery document when it starts, so the provider goes first.
  google = await startFakeGoogle({ redirectUris: [`${TEST_ORIGIN}${CALLBACK_PATH}`] });
  const { clientId, clientSecret, issuer } = google;
  t = await createTestApp({ auth: { ...testConfig().auth, google: { clientId, clientSecret, issuer } } });
});

afterAll(async () => {
  await t?.close();
  await google?.close();
});

function cookiesOf(setCookie: string | string[] | undefined): string[] {
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]!);
}

/** The whole "Continue with Google" round trip; returns the store's answer to the callback. */
async function signInWithGoogle(login: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: { provider: 'google', callbackURL: '/dashboard' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const authorizationUrl: string = start.json().url;
  expect(authorizationUrl.startsWith(`${google.issuer}/`)).toBe(true);
  const stateCookies = cookiesOf(start.headers['set-cookie']);
  expect(stateCookies.length).toBeGreaterThan(0);

  const callbackUrl = new URL(await signInAtFakeGoogle(authorizationUrl, login));
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${TEST_ORIGIN}${CALLBACK_PATH}`);
  expect(callbackUrl.searchParams.get('code')).toBeTruthy();
  expect(callbackUrl.searchParams.get('iss')).toBe(google.issuer);

  return t.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { cookie: stateCookies.join('; ') },
  });
}

function sessionCookieIn(setCookie: string | string[] | undefined): string | undefined {
  return cookiesOf(setCookie).find((c) => c.startsWith('better-auth.session_token=') && c.length > 'better-auth.session_token='.length);
}

/**
 * Signs in with Google as `email`, checks the store sends the person on to /dashboard with a
 * session, and answers that session's access token.
 */
async function accessTokenThroughGoogle(email: string): Promise<string> {
  const callback = await signInWithGoogle(email);
  expect(callback.statusCode, callback.body).toBe(302);
  expect(callback.headers.location).toBe('/dashboard');
  const cookie = sessionCookieIn(callback.headers['set-cookie']);
  expect(cookie).toBeDefined();
  const token = await requestAccessToken(t.app, cookie!, email);
  expect(token.statusCode, token.body).toBe(200);
  return token.json().accessToken as string;
}

const googleAccountsOf = (userId: string) =>
  t.database.db.select().from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'google')));

const profileOf = (email: string, accessToken: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${accessToken}` } });

describe('Continue with Google', () => {
  it('signs a new customer in, with a session that gets an access token and a profile named after Google', async () => {
    const email = `jane.doe@${randomUUID().slice(0, 8)}.example.com`;
    const accessToken = await accessTokenThroughGoogle(email);
    expect(typeof accessToken).toBe('string');

    const profile = await profileOf(email, accessToken);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ email, userName: 'Jane Doe', role: 'customer' });
  });

  it('signs into the existing password account when its address is verified and Google says the same email is verified', async () => {
    const owner = await createCustomer(t.app, 'Pat Password');
    const profile = await profileOf(owner.email, await accessTokenThroughGoogle(owner.email));
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ _id: owner.userId, email: owner.email, userName: 'Pat Password' });
    expect(await googleAccountsOf(owner.userId)).toHaveLength(1);
  });

  it('does not take over a password account whose address is unverified: no session, nothing linked', async () => {
    // Someone registered the address first with a password; its owner now arrives through Google.
    const email = uniqueEmail('squatted');
    const password = `Pw-${randomUUID()}`;
    const signUpRes = await signUp(t.app, 'Sam Squatter', email, password);
    expect(signUpRes.statusCode, signUpRes.body).toBe(200);
    const squatterId = (await signIn(t.app, email, password)).json().user.id as string;

    const callback = await signInWithGoogle(email);
    expect(callback.statusCode, callback.body).toBe(302);
    const location = new URL(callback.headers.location as string, TEST_ORIGIN);
    expect(location.pathname).not.toBe('/dashboard');
    expect(location.searchParams.get('error')).toBe('account_not_linked');
    expect(sessionCookieIn(callback.headers['set-cookie'])).toBeUndefined();
    expect(await googleAccountsOf(squatterId)).toEqual([]);

    // Once the address is proven (here: its owner followed a reset or verification link), Google joins it.
    await markEmailVerified(t.database.db, { email });
    expect((await profileOf(email, await accessTokenThroughGoogle(email))).json()).toMatchObject({ _id: squatterId });
  });

  it('does not sign into an existing password account when Google has not verified the email', async () => {
    const owner = await createCustomer(t.app, 'Vic Victim');
    const callback = await signInWithGoogle(`unverified:${owner.email}`);
    expect(callback.statusCode, callback.body).toBe(302);
    const location = new URL(callback.headers.location as string, TEST_ORIGIN);
    expect(location.pathname).not.toBe('/dashboard');
    expect(location.searchParams.get('error')).toMatch(/account_not_linked|unable_to_link_account/);
    expect(sessionCookieIn(callback.headers['set-cookie'])).toBeUndefined();
    expect(await googleAccountsOf(owner.userId)).toEqual([]);
  });

  it('makes a new customer whose address counts as verified: they can order at once', async () => {
    const email = `gail.google@${randomUUID().slice(0, 8)}.example.com`;
    const accessToken = await accessTokenThroughGoogle(email);
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 50 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { toolId: tool!.id, quantity: 1, address: '9 Google Way, York', phone: '+44 1904 000000' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe('with Google configured', () => {
  it('says so to the login page and lets Google profile photos through the content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(res.json()).toEqual({ google: true, emailVerification: 'required', adminTwoFactor: 'optional' });
    expect(await documentPolicy(t.app)).toMatch(/img-src [^;]*https:\/\/\*\.googleusercontent\.com/);
  });
});
