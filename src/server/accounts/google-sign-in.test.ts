import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAccessToken, signUp, TEST_ORIGIN, uniqueEmail } from '../../../tests/support/accounts';
import { signInAtFakeGoogle, startFakeGoogle, type FakeGoogle } from '../../../tests/support/fake-google';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { documentPolicy } from '../../../tests/support/document-policy';

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

  it('signs into the existing password account when Google says the same email is verified', async () => {
    const email = uniqueEmail('linked');
    const signUpRes = await signUp(t.app, 'Pat Password', email, `Pw-${randomUUID()}`);
    expect(signUpRes.statusCode, signUpRes.body).toBe(200);
    const userId: string = signUpRes.json().user.id;

    const profile = await profileOf(email, await accessTokenThroughGoogle(email));
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ _id: userId, email, userName: 'Pat Password' });
  });

  it('does not sign into an existing password account when Google has not verified the email', async () => {
    const email = uniqueEmail('taken');
    const signUpRes = await signUp(t.app, 'Vic Victim', email, `Pw-${randomUUID()}`);
    expect(signUpRes.statusCode, signUpRes.body).toBe(200);

    const callback = await signInWithGoogle(`unverified:${email}`);
    expect(callback.statusCode, callback.body).toBe(302);
    const location = new URL(callback.headers.location as string, TEST_ORIGIN);
    expect(location.pathname).not.toBe('/dashboard');
    expect(location.searchParams.get('error')).toMatch(/account_not_linked|unable_to_link_account/);
    expect(sessionCookieIn(callback.headers['set-cookie'])).toBeUndefined();
  });
});

describe('with Google configured', () => {
  it('says so to the login page and lets Google profile photos through the content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(res.json()).toEqual({ google: true });
    expect(await documentPolicy(t.app)).toMatch(/img-src [^;]*https:\/\/\*\.googleusercontent\.com/);
  });
});
