import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, createCustomer, TEST_ORIGIN, type TestUser } from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';
import { users } from '../db/schema';
import { findProfileByEmail } from './users-repository';

let t: TestApp;
let A: TestUser;
let B: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A, B, admin } = cast));

type Caller = 'anonymous' | 'customer A' | 'customer B' | 'admin';
type Target = 'A' | 'unknown';
type Endpoint =
  | 'PUT /api/user/:email'
  | 'GET /api/user/:email'
  | 'GET /api/user'
  | 'GET /api/admin/:email'
  | 'PUT /api/user/admin/:email'
  | 'POST /api/login';

const UNKNOWN_EMAIL = 'nobody-here@example.com';
const callerUser = (caller: Caller): TestUser | null =>
  ({ anonymous: null, 'customer A': A, 'customer B': B, admin })[caller];
const targetEmail = (target: Target) => (target === 'A' ? A.email : UNKNOWN_EMAIL);
const nameWrittenBy = (caller: Caller, target: Target) => `Name set by ${caller} for ${target}`;

function requestFor(endpoint: Endpoint, caller: Caller, target: Target): InjectOptions {
  const user = callerUser(caller);
  const email = encodeURIComponent(targetEmail(target));
  const auth = user ? bearer(user) : {};
  switch (endpoint) {
    case 'PUT /api/user/:email':
      return { method: 'PUT', url: `/api/user/${email}`, headers: auth, payload: { userName: nameWrittenBy(caller, target) } };
    case 'GET /api/user/:email':
      return { method: 'GET', url: `/api/user/${email}`, headers: auth };
    case 'GET /api/user':
      return { method: 'GET', url: '/api/user', headers: auth };
    case 'GET /api/admin/:email':
      return { method: 'GET', url: `/api/admin/${email}`, headers: auth };
    case 'PUT /api/user/admin/:email':
      return { method: 'PUT', url: `/api/user/admin/${email}`, headers: auth };
    case 'POST /api/login':
      // The access token is asked for with the identity session cookie, not a bearer token.
      return {
        method: 'POST',
        url: '/api/login',
        headers: user ? { origin: TEST_ORIGIN, cookie: user.cookie } : { origin: TEST_ORIGIN },
        payload: { email: targetEmail(target) },
      };
  }
}

/** What a 200 answer must look like, and what it must have done. */
async function expectSuccess(endpoint: Endpoint, caller: Caller, body: unknown, headers: Record<string, unknown>) {
  switch (endpoint) {
    case 'PUT /api/user/:email':
      expect(body).toEqual({ acknowledged: true, matchedCount: 1 });
      expect((await findProfileByEmail(t.database.db, A.email))!.userName).toBe(nameWrittenBy(caller, 'A'));
      return;
    case 'GET /api/user/:email':
      expect(body).toEqual({
        _id: A.userId,
        email: A.email,
        userName: expect.any(String),
        address: '',
        phone: '',
        companyName: null,
        taxId: null,
        role: 'customer',
        photoURL: null,
      });
      return;
    case 'GET /api/user':
      expect(Array.isArray(body)).toBe(true);
      expect(Number(headers['x-total-count'])).toBe((body as unknown[]).length);
      return;
    case 'GET /api/admin/:email':
      expect(body).toEqual({ admin: false });
      return;
    case 'PUT /api/user/admin/:email':
      expect(body).toEqual({ modifiedCount: 1 });
      expect((await findProfileByEmail(t.database.db, A.email))!.role).toBe('admin');
      return;
    case 'POST /api/login': {
      expect(body).toEqual({ accessToken: expect.any(String) });
      const claims = decodeJwt((body as { accessToken: string }).accessToken);
      expect(claims).toMatchObject({ sub: A.userId, email: A.email });
      return;
    }
  }
}

/** A refused call must not have changed A nor created the unknown user. */
async function expectNothingDone(endpoint: Endpoint, caller: Caller, target: Target) {
  const profile = (await findProfileByEmail(t.database.db, A.email))!;
  if (endpoint === 'PUT /api/user/:email') expect(profile.userName).not.toBe(nameWrittenBy(caller, target));
  if (endpoint === 'PUT /api/user/admin/:email') expect(profile.role).toBe('customer');
  expect(await findProfileByEmail(t.database.db, UNKNOWN_EMAIL)).toBeNull();
}

const errorMessage = (endpoint: Endpoint, status: number) =>
  status === 401
    ? API_ERRORS.signInRequired
    : status === 404
      ? API_ERRORS.userNotFound
      : endpoint === 'POST /api/login'
        ? API_ERRORS.wrongAccountForToken
        : API_ERRORS.forbidden;

// Rows run in order; the only row that changes a role (admin promotes A) comes last.
const matrix: Array<[Endpoint, Caller, Target, number]> = [
  ['PUT /api/user/:email', 'anonymous', 'A', 401],
  ['PUT /api/user/:email', 'customer B', 'A', 403],
  ['PUT /api/user/:email', 'customer A', 'A', 200],
  ['PUT /api/user/:email', 'admin', 'A', 200],
  ['PUT /api/user/:email', 'customer B', 'unknown', 403],
  ['PUT /api/user/:email', 'admin', 'unknown', 404],

  ['GET /api/user/:email', 'anonymous', 'A', 401],
  ['GET /api/user/:email', 'customer A', 'A', 200],
  ['GET /api/user/:email', 'customer B', 'A', 403],
  ['GET /api/user/:email', 'admin', 'A', 200],
  ['GET /api/user/:email', 'customer B', 'unknown', 403],
  ['GET /api/user/:email', 'admin', 'unknown', 404],

  ['GET /api/user', 'anonymous', 'A', 401],
  ['GET /api/user', 'customer A', 'A', 403],
  ['GET /api/user', 'customer B', 'A', 403],
  ['GET /api/user', 'admin', 'A', 200],

  ['GET /api/admin/:email', 'anonymous', 'A', 401],
  ['GET /api/admin/:email', 'customer A', 'A', 200],
  ['GET /api/admin/:email', 'customer B', 'A', 403],
  ['GET /api/admin/:email', 'admin', 'A', 200],
  ['GET /api/admin/:email', 'customer B', 'unknown', 403],
  ['GET /api/admin/:email', 'admin', 'unknown', 404],

  ['POST /api/login', 'anonymous', 'A', 401],
  ['POST /api/login', 'customer A', 'A', 200],
  ['POST /api/login', 'customer B', 'A', 403],
  ['POST /api/login', 'admin', 'A', 403],

  ['PUT /api/user/admin/:email', 'anonymous', 'A', 401],
  ['PUT /api/user/admin/:email', 'customer A', 'A', 403],
  ['PUT /api/user/admin/:email', 'customer B', 'A', 403],
  ['PUT /api/user/admin/:email', 'customer B', 'unknown', 403],
  ['PUT /api/user/admin/:email', 'admin', 'unknown', 404],
  ['PUT /api/user/admin/:email', 'admin', 'A', 200],
];

describe('access matrix', () => {
  it.each(matrix)('%s as %s on %s email → %i', async (endpoint, caller, target, status) => {
    const res = await t.app.inject(requestFor(endpoint, caller, target));
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      await expectSuccess(endpoint, caller, res.json(), res.headers);
    } else {
      expect(res.json()).toMatchObject({ status, detail: errorMessage(endpoint, status) });
      await expectNothingDone(endpoint, caller, target);
    }
  });
});

describe('GET /api/user (admin)', () => {
  it('lists every user with X-Total-Count, showing only public fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.database.db.select({ n: count() }).from(users);
    expect(res.headers['x-total-count']).toBe(String(stored!.n));
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(stored!.n);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['_id', 'createdAt', 'email', 'emailVerified', 'role', 'userName']);
    }
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: B.userId, email: B.email, userName: 'Bob Baker', role: 'customer' }),
        expect.objectContaining({ _id: admin.userId, email: admin.email, userName: 'Ada Admin', role: 'admin' }),
      ]),
    );
  });

  it('pages with limit and offset while X-Total-Count stays the total', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(admin) })).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/user?limit=1&offset=1', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([all[1]]);
    expect(res.headers['x-total-count']).toBe(String(all.length));
  });
});

describe('PUT /api/user/admin/:email (promotion)', () => {
  it('answers modifiedCount 1, then 0 when the user is already an admin', async () => {
    const D = await createCustomer(t.app, 'Dora Double');
    const first = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${D.email}`, headers: bearer(admin) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    const second = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${D.email}`, headers: bearer(admin) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ modifiedCount: 0 });
  });

  it("takes effect at once on the promoted user's existing token (role read from the database)", async () => {
    const C = await createCustomer(t.app, 'Carl Climber');
    const before = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(C) });
    expect(before.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/${C.email}`, headers: bearer(C) })).json()).toEqual({
      admin: false,
    });

    const promote = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${C.email}`, headers: bearer(admin) });
    expect(promote.json()).toEqual({ modifiedCount: 1 });

    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(C) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toContainEqual(
      expect.objectContaining({ _id: C.userId, email: C.email, userName: 'Carl Climber', role: 'admin' }),
    );
    const status = await t.app.inject({ method: 'GET', url: `/api/admin/${C.email}`, headers: bearer(C) });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ admin: true });
  });
});
