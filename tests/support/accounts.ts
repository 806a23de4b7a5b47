import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { promoteToAdmin } from '../../src/server/accounts/users-repository';
import type { AppDatabase } from '../../src/server/db/client';

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

/** A signed-up customer with a session and an access token, through the real endpoints. */
export async function createCustomer(app: FastifyInstance, name = 'Casey Customer'): Promise<TestUser> {
  const email = uniqueEmail('customer');
  const password = `Pw-${randomUUID()}`;
  const res = await signUp(app, name, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
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
