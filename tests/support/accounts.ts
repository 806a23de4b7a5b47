import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { promoteToAdmin } from '../../src/server/accounts/users-repository';
import type { AppDatabase } from '../../src/server/db/client';
import { createEmailVerificationToken } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import { totpCode } from './totp';

/** better-auth refuses cookie-carrying POSTs without an allowed Origin, as browsers send one. */
export const TEST_ORIGIN = 'http://127.0.0.1:3000';

export interface TestUser {
  userId: string;
  name: string;
  email: string;
  password: string;
  /** The identity session cookie (`name=value`). */
  cookie: string;
  /** A bearer access token from POST /api/login. */
  token: string;
}

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((c) => c.startsWith('better-auth.session_token='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0]!;
}

export async function signUp(app: FastifyInstance, name: string, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name, email, password },
  });
}

export async function signIn(app: FastifyInstance, email: string, password: string, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
    payload: { email, password },
  });
}

export async function requestAccessToken(app: FastifyInstance, cookie: string, email: string) {
  return app.inject({ method: 'POST', url: '/api/login', headers: { origin: TEST_ORIGIN, cookie }, payload: { email } });
}

/**
 * A customer who signed up and confirmed the address, through the real endpoints, with a session
 * and an access token. Sign-up does not sign in (it answers a taken address as a new one), nor
 * does the verification link; the customer signs in with their password after it. The link's token is made here with better-auth's own function,
 * as the mailed link's is, rather than read from a mail server (email-verification.test.ts reads
 * real mail). `verified: false` leaves the address unconfirmed and signs in with the password.
 */
export async function createCustomer(
  app: FastifyInstance,
  name = 'Casey Customer',
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail('customer');
  const password = `Pw-${randomUUID()}`;
  const res = await signUp(app, name, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  if (!verified) return signInForTest(app, name, email, password);
  const userId = res.json().user.id as string;
  const link = await createEmailVerificationToken((await app.auth.$context).secret, email, undefined, 3600, { userId });
  const verifiedRes = await verifyEmailWithToken(app, link);
  if (verifiedRes.statusCode !== 200) throw new Error(`verification failed: ${verifiedRes.statusCode} ${verifiedRes.body}`);
  // The link confirms the address and does not sign in (issue 19): the customer signs in.
  return { ...(await signInForTest(app, name, email, password)), userId };
}

/** Signs an existing account in and takes its access token, failing loudly when either step does. */
export async function signInForTest(app: FastifyInstance, name: string, email: string, password: string): Promise<TestUser> {
  const res = await signIn(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  const tokenRes = await requestAccessToken(app, cookie, email);
  if (tokenRes.statusCode !== 200) throw new Error(`token failed: ${tokenRes.statusCode} ${tokenRes.body}`);
  return { userId: res.json().user.id, name, email, password, cookie, token: tokenRes.json().accessToken };
}

export async function createAdmin(app: FastifyInstance, db: AppDatabase, name = 'Ada Admin'): Promise<TestUser> {
  const user = await createCustomer(app, name);
  await promoteToAdmin(db, user.email);
  return user;
}

export const bearer = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });

/** The usual cast of an access test: two customers (A acts on its own data, B on A's) and an admin. */
export async function createCast(app: FastifyInstance, db: AppDatabase) {
  return {
    A: await createCustomer(app, 'Alice Able'),
    B: await createCustomer(app, 'Bob Baker'),
    admin: await createAdmin(app, db, 'Ada Admin'),
  };
}

/** The token of a mailed identity link (`…/verifyEmail#token=…`, `…/resetPassword#token=…`), as the page reads it. */
export function linkTokenOf(link: string): string {
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** What the verification page does with the token from its link: GET the identity service's verify-email. */
export async function verifyEmailWithToken(app: FastifyInstance, token: string, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: cookie ? { cookie } : {},
  });
}

/** What 'Forgot Password?' sends. */
export async function requestPasswordReset(app: FastifyInstance, email: string, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
    payload: { email },
  });
}

/** What the reset page sends with the token from its link. */
export async function resetPassword(app: FastifyInstance, token: string, newPassword: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword },
  });
}

/** A POST to the identity service from the signed-in browser (its session cookie and Origin). */
export async function identityPost(app: FastifyInstance, path: string, cookie: string, payload: object, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { origin: TEST_ORIGIN, cookie }, remoteAddress: ip, payload });
}

/**
 * Turns two-step sign-in on as the dashboard does: "turn on" with the password, then the first code
 * from the authenticator app (computed from the link shown, tests/support/totp.ts). That replaces
 * the session (and so the access token): the user comes back with the new ones.
 */
export async function enrolTwoFactor(app: FastifyInstance, user: TestUser): Promise<{ user: TestUser; totpURI: string; backupCodes: string[] }> {
  const enabled = await identityPost(app, '/two-factor/enable', user.cookie, { password: user.password });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const verified = await identityPost(app, '/two-factor/verify-totp', user.cookie, { code: totpCode(totpURI) });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const cookie = sessionCookieOf(verified.headers['set-cookie']);
  const tokenRes = await requestAccessToken(app, cookie, user.email);
  if (tokenRes.statusCode !== 200) throw new Error(`token failed: ${tokenRes.statusCode} ${tokenRes.body}`);
  return { user: { ...user, cookie, token: tokenRes.json().accessToken }, totpURI, backupCodes };
}

/** The cookie that carries a sign-in waiting for its second factor (better-auth's `two_factor`). */
export function twoFactorCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const pending = cookies.find((c) => c.startsWith('better-auth.two_factor='));
  if (!pending) throw new Error(`no two_factor cookie in ${JSON.stringify(cookies)}`);
  return pending.split(';')[0]!;
}

/** Signs in with the password and then a code (`totp`: from the app; `backup`: a recovery code), as the login page does. */
export async function signInWithSecondFactor(
  app: FastifyInstance,
  user: Pick<TestUser, 'name' | 'email' | 'password'>,
  code: { totp: string } | { backup: string },
): Promise<TestUser> {
  const res = await signIn(app, user.email, user.password);
  if (res.statusCode !== 200 || !res.json().twoFactorRedirect) throw new Error(`sign-in did not ask for a code: ${res.statusCode} ${res.body}`);
  const pending = twoFactorCookieOf(res.headers['set-cookie']);
  const verified =
    'totp' in code
      ? await identityPost(app, '/two-factor/verify-totp', pending, { code: code.totp })
      : await identityPost(app, '/two-factor/verify-backup-code', pending, { code: code.backup });
  if (verified.statusCode !== 200) throw new Error(`code refused: ${verified.statusCode} ${verified.body}`);
  const cookie = sessionCookieOf(verified.headers['set-cookie']);
  const tokenRes = await requestAccessToken(app, cookie, user.email);
  if (tokenRes.statusCode !== 200) throw new Error(`token failed: ${tokenRes.statusCode} ${tokenRes.body}`);
  return { ...user, userId: verified.json().user.id, cookie, token: tokenRes.json().accessToken };
}

/**
 * What the confirm dialogs do before promoting, demoting or refunding: the password given again
 * in the signed-in browser (identity service's verify-password), which the store records on the
 * session (decision 023).
 */
export async function confirmPassword(app: FastifyInstance, user: Pick<TestUser, 'cookie' | 'password'>) {
  const res = await identityPost(app, '/verify-password', user.cookie, { password: user.password });
  if (res.statusCode !== 200) throw new Error(`verify-password failed: ${res.statusCode} ${res.body}`);
}

/**
 * Moves every session of the user `seconds` into the past, as if they had signed in (and last
 * proved who they are) that long ago: each of the session's times moves together.
 */
export async function ageSessions(db: AppDatabase, userId: string, seconds: number) {
  const by = sql`make_interval(secs => ${seconds})`;
  await db.execute(sql`
    update session set created_at = created_at - ${by}, updated_at = updated_at - ${by}, expires_at = expires_at - ${by},
      second_factor_at = second_factor_at - ${by}, reauthenticated_at = reauthenticated_at - ${by}
    where user_id = ${userId}`);
}
