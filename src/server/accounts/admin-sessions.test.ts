import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageSessions,
  bearer,
  confirmPassword,
  createAdmin,
  createCustomer,
  enrolTwoFactor,
  identityPost,
  signInForTest,
  type TestUser,
} from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { totpCode } from '../../../tests/support/totp';
import { API_ERRORS } from '../../shared';
import { sessions, users } from '../db/schema';
import { FRESH_AUTH_SECONDS } from '../plugins/authentication';
import { promoteToAdmin } from './users-repository';

/**
 * Admin sessions are short (ADMIN_SESSION_HOURS, 12 by default; a customer's lasts 7 days), and
 * promoting, demoting and refunding need the admin to have proved who they are within the last
 * ten minutes: signed in, or given the password or a code again (decision 023).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600;
const getSession = (user: Pick<TestUser, 'cookie'>) => t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
const promote = (admin: TestUser, email: string) => t.app.inject({ method: 'PUT', url: `/api/user/admin/${email}`, headers: bearer(admin) });
const demote = (admin: TestUser, email: string) => t.app.inject({ method: 'DELETE', url: `/api/user/admin/${email}`, headers: bearer(admin) });
const roleOf = async (email: string) => (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]!.role;

describe('an admin session', () => {
  it('ends 12 hours after sign-in, where a customer stays signed in', async () => {
    const admin = await createAdmin(t.app, t.database.db, 'Sam Short');
    const customer = await createCustomer(t.app, 'Lou Long');
    // The admin's identity session signed in again as an admin (createAdmin promotes after sign-in).
    const adminAgain = await signInForTest(t.app, admin.name, admin.email, admin.password);
    const lifetime = async (user: TestUser) => {
      const { session } = (await getSession(user)).json() as { session: { createdAt: string; expiresAt: string } };
      return (Date.parse(session.expiresAt) - Date.parse(session.createdAt)) / 1000;
    };
    expect(await lifetime(adminAgain)).toBeLessThanOrEqual(12 * HOUR);
    expect(await lifetime(customer)).toBeGreaterThan(6 * 24 * HOUR);

    await ageSessions(t.database.db, admin.userId, 12 * HOUR + 60);
    await ageSessions(t.database.db, customer.userId, 12 * HOUR + 60);
    // Every session of the admin: the one made as a customer before the promotion too.
    for (const session of [admin, adminAgain]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(session) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'http://127.0.0.1:3000', cookie: session.cookie }, payload: { email: admin.email } })).statusCode).toBe(401);
    }
    expect((await getSession(adminAgain)).json()).toBeNull();
    // The customer's session lives on.
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${customer.email}`, headers: bearer(customer) })).statusCode).toBe(200);
    expect((await getSession(customer)).json().user.email).toBe(customer.email);
  });

  it('is not stretched past its end by the renewal customers get', async () => {
    const admin = await createAdmin(t.app, t.database.db, 'Rene Renewal');
    const again = await signInForTest(t.app, admin.name, admin.email, admin.password);
    // Two hours in: better-auth renews a session (to 7 days from now) once it is within 6 days of its
    // end, which an admin's always is. The renewal must not carry it past its 12 hours.
    await ageSessions(t.database.db, admin.userId, 2 * HOUR);
    const before = (await t.database.db.select({ updatedAt: sessions.updatedAt }).from(sessions).where(eq(sessions.userId, admin.userId)))[0]!;
    const { session } = (await getSession(again)).json() as { session: { createdAt: string; expiresAt: string } };
    expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBeLessThanOrEqual(12 * HOUR * 1000);
    // It was renewed (its last-active time moved), just not stretched.
    expect(Date.parse((session as { updatedAt?: string }).updatedAt ?? '')).toBeGreaterThan(before.updatedAt.getTime());
  });

  it('of a customer who is promoted ends when an admin session would', async () => {
    const customer = await createCustomer(t.app, 'Pat Promoted');
    await ageSessions(t.database.db, customer.userId, 13 * HOUR);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${customer.email}`, headers: bearer(customer) })).statusCode).toBe(200);
    await promoteToAdmin(t.database.db, customer.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(customer) })).statusCode).toBe(401);
  });
});

describe('a fresh password or code before promoting, demoting or refunding', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin(t.app, t.database.db, 'Fran Fresh');
  });

  /** The admin's sign-in (and any password given since) lies longer ago than the window. */
  const goStale = () => ageSessions(t.database.db, admin.userId, FRESH_AUTH_SECONDS + 60);

  function expectStepUp(res: Awaited<ReturnType<typeof promote>>) {
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(API_ERRORS.reauthenticationRequired);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer error="insufficient_user_authentication".*max_age=600$/);
  }

  it('promotes and demotes right after sign-in, and not with a session signed in to long ago', async () => {
    const target = await createCustomer(t.app, 'Tom Target');
    expect((await promote(admin, target.email)).statusCode).toBe(200);
    expect((await demote(admin, target.email)).statusCode).toBe(200);

    await goStale();
    expectStepUp(await promote(admin, target.email));
    expect(await roleOf(target.email)).toBe('customer');
    // Still signed in for everything else.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(admin) })).statusCode).toBe(200);

    // A wrong password proves nothing.
    expect((await identityPost(t.app, '/verify-password', admin.cookie, { password: 'Not-The-Password-1' })).statusCode).toBe(400);
    expectStepUp(await promote(admin, target.email));

    await confirmPassword(t.app, admin);
    expect((await promote(admin, target.email)).json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(target.email)).toBe('admin');

    await goStale();
    expectStepUp(await demote(admin, target.email));
    expect(await roleOf(target.email)).toBe('admin');
    await confirmPassword(t.app, admin);
    expect((await demote(admin, target.email)).json()).toEqual({ modifiedCount: 1 });
  });

  it('refunds only after a fresh password', async () => {
    const buyer = await createCustomer(t.app, 'Rae Refund');
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 10, priceCents: 500 });
    const id = (await placeOrderByApi(t.app, buyer, tool!.id, 2)).json().insertedId as string;
    expect((await payWithTestCard(t.app, buyer, id)).confirm?.statusCode).toBe(200);
    const refund = () => t.app.inject({ method: 'POST', url: `/api/orders/${id}/refund`, headers: bearer(admin) });

    await goStale();
    expectStepUp(await refund());
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) })).json();
    expect(order.status).toBe('pending');

    await confirmPassword(t.app, admin);
    expect((await refund()).json()).toEqual({ modifiedCount: 1 });
  });

  it('takes a code from the authenticator app as well as the password', async () => {
    const other = await createAdmin(t.app, t.database.db, 'Cody Code');
    const { user, totpURI } = await enrolTwoFactor(t.app, other);
    const target = await createCustomer(t.app, 'Tim Target');
    await ageSessions(t.database.db, other.userId, FRESH_AUTH_SECONDS + 60);
    expectStepUp(await promote(user, target.email));
    expect((await identityPost(t.app, '/two-factor/verify-totp', user.cookie, { code: totpCode(totpURI) })).statusCode).toBe(200);
    expect((await promote(user, target.email)).statusCode).toBe(200);
  });

  it('cannot be made fresh by renewing the access token: only a password or a code does', async () => {
    const target = await createCustomer(t.app, 'Tess Target');
    await goStale();
    const renewed = await t.app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'http://127.0.0.1:3000', cookie: admin.cookie }, payload: { email: admin.email } });
    expect(renewed.statusCode).toBe(200);
    expectStepUp(await promote({ ...admin, token: renewed.json().accessToken }, target.email));
  });
});
