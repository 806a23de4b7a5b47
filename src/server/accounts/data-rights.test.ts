import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ageSessions,
  bearer,
  createAdmin,
  createCustomer,
  enrolTwoFactor,
  TEST_ORIGIN,
  type TestUser,
} from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import { createTools } from '../../../tests/support/factories';
import { orderNewTool, payWithTestCard } from '../../../tests/support/orders';
import { expectProblem } from '../../../tests/support/problem';
import type { TestApp } from '../../../tests/support/test-app';
import { totpCode } from '../../../tests/support/totp';
import { API_ERRORS, AUDIT_ACCOUNT_HOLDER_ACTOR, type AccountExport } from '../../shared';
import { accounts, auditLog, cartLines, invoices, orderEvents, orders, reviews, sessions, testPaymentIntents, twoFactors, users } from '../db/schema';

let t: TestApp;
let A: TestUser;
let B: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A, B, admin } = cast));

const exportOf = (headers: Record<string, string>, url = '/api/me/export') => t.app.inject({ method: 'GET', url, headers });
const deleteMe = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/me', headers, payload: payload as Record<string, unknown> });
const cookieOf = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

/** A customer with something of everything: a paid and a shipped order, an unpaid one, a review, a cart line and a message. */
async function customerWithHistory(name: string, { ship = true }: { ship?: boolean } = {}) {
  const customer = await createCustomer(t.app, name);
  const delivery = { address: `1 ${name} Lane, Springfield`, phone: '+1 555 0199' };
  const paidRes = await orderNewTool(t, customer, { name: `Torque Wrench of ${name}`, minQty: 1 }, { quantity: 1, ...delivery });
  expect(paidRes.statusCode).toBe(201);
  const paidId = paidRes.json().insertedId as string;
  const { confirm } = await payWithTestCard(t.app, customer, paidId);
  expect(confirm?.statusCode).toBe(200);
  if (ship) {
    const shipped = await t.app.inject({ method: 'POST', url: `/api/orders/${paidId}/ship`, headers: bearer(admin), payload: {} });
    expect(shipped.statusCode).toBe(200);
  }
  const unpaidRes = await orderNewTool(t, customer, { name: `Bench Vise of ${name}`, minQty: 1 }, { quantity: 1, ...delivery });
  expect(unpaidRes.statusCode).toBe(201);
  const unpaidId = unpaidRes.json().insertedId as string;
  const review = await t.app.inject({ method: 'POST', url: '/api/review', headers: bearer(customer), payload: { userName: name, rating: 4, reviewText: `Good tools, says ${name}` } });
  expect(review.statusCode).toBe(201);
  const [cartTool] = await createTools(t.database.db, 1, { name: `Caliper of ${name}`, minQty: 1 });
  const cart = await t.app.inject({ method: 'POST', url: '/api/cart/lines', headers: bearer(customer), payload: { toolId: cartTool!.id, quantity: 1 } });
  expect(cart.statusCode).toBe(200);
  const message = await t.app.inject({ method: 'POST', url: '/api/queries', payload: { name, email: customer.email, number: '+1 555 0100', message: `A question from ${name}` } });
  expect(message.statusCode).toBe(201);
  return { customer, paidId, unpaidId, delivery };
}

describe('GET /api/me/export', () => {
  it("answers the caller's own profile, addresses, orders with lines, cart, reviews, messages and sessions as a dated download", async () => {
    const { customer, paidId, unpaidId, delivery } = await customerWithHistory('Erin Export');
    await customerWithHistory('Other Owen');
    const res = await exportOf(bearer(customer));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="toolhouse-my-data-${new Date().toISOString().slice(0, 10)}.json"`);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json() as AccountExport;
    expect(data.account).toMatchObject({ id: customer.userId, email: customer.email, userName: 'Erin Export', role: 'customer', signInMethods: ['password'], twoFactorEnabled: false });
    expect(data.orders.map((order) => order._id).sort()).toEqual([paidId, unpaidId].sort());
    expect(data.orders.every((order) => order.email === customer.email && order.lines.length === 1)).toBe(true);
    expect(data.addresses).toContainEqual({ ...delivery, source: 'order', orderNumber: expect.stringMatching(/^TH-/) });
    expect(data.cart).toHaveLength(1);
    expect(data.reviews.map((review) => review.reviewText)).toEqual(['Good tools, says Erin Export']);
    expect(data.contactMessages.map((message) => message.message)).toEqual(['A question from Erin Export']);
    expect(data.sessions.filter((session) => session.current)).toHaveLength(1);
    // Nobody else's data: not Owen's orders, review or message.
    expect(res.body).not.toContain('Owen');
  });

  it('carries no secret: no session token, password hash, OAuth token or two-factor secret', async () => {
    const enrolled = (await enrolTwoFactor(t.app, await createCustomer(t.app, 'Sally Secret'))).user;
    const res = await exportOf(bearer(enrolled));
    expect(res.statusCode).toBe(200);
    expect(res.json().account.twoFactorEnabled).toBe(true);
    const [session] = await t.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, enrolled.userId));
    const [credential] = await t.database.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, enrolled.userId));
    const [factor] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, enrolled.userId));
    for (const secret of [session!.token, credential!.password!, factor!.secret, factor!.backupCodes, enrolled.token, enrolled.password]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/"(token|password|secret|backupCodes|accessToken|refreshToken|idToken)":/);
  });

  it('works with the session cookie too, takes no id (another id in the query changes nothing), and refuses strangers', async () => {
    const byCookie = await exportOf({ cookie: A.cookie });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().account.id).toBe(A.userId);
    const sneaky = await exportOf(bearer(A), `/api/me/export?id=${B.userId}&userId=${B.userId}&email=${encodeURIComponent(B.email)}`);
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().account.id).toBe(A.userId);
    expect(sneaky.body).not.toContain(B.email);
    expect((await exportOf({})).statusCode).toBe(401);
  });

  it('is written to the audit log with counts and no personal data', async () => {
    const customer = await createCustomer(t.app, 'Audrey Audit');
    expect((await exportOf(bearer(customer))).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.userId));
    expect(entry).toMatchObject({ action: 'account.exported', actorEmail: AUDIT_ACCOUNT_HOLDER_ACTOR, actorId: customer.userId });
    expect(JSON.stringify(entry)).not.toMatch(/Audrey|@example\.com/);
  });
});

describe('DELETE /api/me', () => {
  it('refuses a wrong password with 400 naming the field, and changes nothing', async () => {
    const { customer, unpaidId } = await customerWithHistory('Wanda Wrong');
    const res = await deleteMe(bearer(customer), { password: `${customer.password}-not` });
    expectProblem(res, { status: 400, code: 'WRONG_PASSWORD', detail: API_ERRORS.wrongPassword, errors: [{ field: 'password', detail: API_ERRORS.wrongPassword }] });
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, customer.userId))).toHaveLength(1);
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, unpaidId))).toHaveLength(1);
    expect(await t.database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.userId, customer.userId))).toHaveLength(1);
    expect((await exportOf(bearer(customer))).statusCode).toBe(200);
    // Markup in the field is only a wrong password; no password at all is asked for by name.
    expect((await deleteMe(bearer(customer), { password: '<script>alert(1)</script>' })).json().code).toBe('WRONG_PASSWORD');
    const none = await deleteMe(bearer(customer), {});
    expectProblem(none, { status: 400, code: 'DELETION_NEEDS_PASSWORD', detail: API_ERRORS.deletionNeedsPassword, errors: [{ field: 'password', detail: API_ERRORS.deletionNeedsPassword }] });
    // A code where two-step sign-in is off is refused by name too.
    expect((await deleteMe(bearer(customer), { code: '123456' })).json()).toMatchObject({ code: 'TWO_FACTOR_NOT_ON', errors: [{ field: 'code' }] });
  });

  it('counts wrong passwords against the sign-in throttle: the sixth guess is refused unchecked', async () => {
    const customer = await createCustomer(t.app, 'Gus Guesser');
    for (let i = 0; i < 5; i++) expect((await deleteMe(bearer(customer), { password: `guess-${i}-wrong` })).statusCode).toBe(400);
    const paused = await deleteMe(bearer(customer), { password: customer.password });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, customer.userId))).toHaveLength(1);
  });

  it('refuses an oversized body and ignores ids in it', async () => {
    const customer = await createCustomer(t.app, 'Oscar Oversize');
    const huge = await deleteMe(bearer(customer), { password: 'x'.repeat(200 * 1024) });
    expect(huge.statusCode).toBe(413);
    const tooLong = await deleteMe(bearer(customer), { password: 'x'.repeat(500) });
    expect(tooLong.statusCode).toBe(400);
    // The session cookie from another site's page (no Origin of ours) is refused before anything is checked.
    const crossSite = await deleteMe({ cookie: customer.cookie, origin: 'https://evil.example' }, { password: customer.password });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('CROSS_SITE_REFUSED');
    // Naming someone else deletes the caller, never them.
    const res = await deleteMe(bearer(customer), { password: customer.password, userId: B.userId, email: B.email, id: B.userId });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, B.userId))).toHaveLength(1);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, customer.userId))).toHaveLength(0);
  });

  it('deletes the account, its sessions and tokens, cart, unpaid orders and reviews; keeps the paid order and its invoice without the phone', async () => {
    const { customer, paidId, unpaidId, delivery } = await customerWithHistory('Dora Delete');
    const reviewsBefore = (await t.app.inject({ method: 'GET', url: '/api/review?limit=100' })).json();
    expect(JSON.stringify(reviewsBefore)).toContain('Dora Delete');

    const res = await deleteMe(cookieOf(customer), { password: customer.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, reference: expect.any(String), keptOrders: 1 });

    // Signed out everywhere: the bearer token and the cookie are refused from now on.
    expect((await exportOf(bearer(customer))).statusCode).toBe(401);
    expect((await exportOf({ cookie: customer.cookie })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(customer) })).statusCode).toBe(401);
    expect((await deleteMe(bearer(customer), { password: customer.password })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(cartLines).where(eq(cartLines.userId, customer.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, customer.userId))).toHaveLength(0);

    // Gone from Manage Users.
    const list = await t.app.inject({ method: 'GET', url: '/api/user?limit=100', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(customer.email);

    // The unpaid order is gone with its lines and timeline; the review left the store's list.
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${unpaidId}`, headers: bearer(admin) })).statusCode).toBe(404);
    expect(await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, unpaidId))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/review?limit=100' })).body).not.toContain('Dora Delete');

    // The paid order stays, detached, with the name and address but no email or phone.
    const kept = await t.app.inject({ method: 'GET', url: `/api/orders/${paidId}`, headers: bearer(admin) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Dora Delete', address: delivery.address, email: '', phone: '', paid: true, status: 'shipped' });
    const [row] = await t.database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, paidId));
    expect(row!.userId).toBeNull();
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, paidId));
    expect(invoice!.buyer).toMatchObject({ name: 'Dora Delete', address: delivery.address, email: '', phone: '' });
    expect(JSON.stringify(await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, paidId)))).not.toContain(customer.email);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${paidId}/invoice.pdf`, headers: bearer(admin) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The admin's lists that read orders still work with a detached one.
    for (const url of ['/api/orders?limit=100', '/api/stats', '/api/orders.csv', '/api/users.csv']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.body).not.toContain(customer.email);
    }

    // One audit entry, naming no one: not the email, the name, the address, nor the account's id.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, res.json().reference));
    expect(entry).toMatchObject({ action: 'account.deleted', actorEmail: AUDIT_ACCOUNT_HOLDER_ACTOR, actorId: null });
    expect(entry!.after).toEqual({ removed: { unpaidOrders: 1, reviews: 1, contactMessages: 1, cartLines: 1, sessions: 1 }, kept: { paidOrders: 1 } });
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(`Dora|@example\\.com|Lane|${customer.userId}`));
  });

  it('refuses while a paid order waits to ship: the store still owes the goods', async () => {
    const { customer, paidId } = await customerWithHistory('Penny Pending', { ship: false });
    const res = await deleteMe(bearer(customer), { password: customer.password });
    expectProblem(res, { status: 409, code: 'ACCOUNT_HAS_OPEN_ORDERS', detail: API_ERRORS.deletionBlockedByOpenOrders });
    const [row] = await t.database.db.select({ userId: orders.userId, email: orders.email }).from(orders).where(eq(orders.id, paidId));
    expect(row).toEqual({ userId: customer.userId, email: customer.email });
  });

  it('takes a code from the authenticator app where two-step sign-in is on, and refuses a wrong one by name', async () => {
    const { user, totpURI } = await enrolTwoFactor(t.app, await createCustomer(t.app, 'Tess Twostep'));
    const right = totpCode(totpURI);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await deleteMe(bearer(user), { code: wrong });
    expectProblem(refused, { status: 400, code: 'WRONG_CODE', detail: API_ERRORS.wrongCode, errors: [{ field: 'code', detail: API_ERRORS.wrongCode }] });
    expect(await t.database.db.select().from(users).where(eq(users.id, user.userId))).toHaveLength(1);
    const res = await deleteMe(bearer(user), { code: right.replace(/(\d{3})/, '$1 ') });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.userId))).toHaveLength(0);
  });

  it('lets an account without a password (Google) go only within 10 minutes of signing in', async () => {
    const fresh = await createCustomer(t.app, 'Gina Google');
    const stale = await createCustomer(t.app, 'Greg Google');
    // As a Google sign-up leaves them: no password to give.
    await t.database.db.delete(accounts).where(inArray(accounts.userId, [fresh.userId, stale.userId]));
    await ageSessions(t.database.db, stale.userId, 11 * 60);
    const refused = await deleteMe(bearer(stale), {});
    expectProblem(refused, { status: 409, code: 'DELETION_NEEDS_RECENT_SIGN_IN', detail: API_ERRORS.deletionNeedsRecentSignIn });
    expect((await deleteMe(bearer(stale), { password: 'anything-at-all' })).json().code).toBe('WRONG_PASSWORD');
    expect(await t.database.db.select().from(users).where(eq(users.id, stale.userId))).toHaveLength(1);
    expect((await deleteMe(bearer(fresh), {})).statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, fresh.userId))).toHaveLength(0);
  });

  it("refuses the store's last admin, saying why; an admin with another beside them may go", async () => {
    const res = await deleteMe(bearer(admin), { password: admin.password });
    expectProblem(res, { status: 409, code: 'LAST_ADMIN_CANNOT_LEAVE', detail: API_ERRORS.lastAdminCannotLeave });
    expect(await t.database.db.select().from(users).where(eq(users.id, admin.userId))).toHaveLength(1);
    const second = await createAdmin(t.app, t.database.db, 'Ada Second');
    expect((await deleteMe(bearer(second), { password: second.password })).statusCode).toBe(200);
    // The first is the last one again.
    expect((await deleteMe(bearer(admin), { password: admin.password })).json().code).toBe('LAST_ADMIN_CANNOT_LEAVE');
  });
});

describe('deleting an account while its order is being paid', () => {
  const GOOD_CARD = { number: '4242424242424242', expiry: '12/40', cvc: '123' };
  let ip = 0;

  it('ends either with the account gone and the card never charged or refunded, or with the order paid and the deletion refused', async () => {
    for (let round = 0; round < 6; round += 1) {
      const customer = await createCustomer(t.app, `Racing Rhea ${round}`);
      const [tool] = await createTools(t.database.db, 1, { priceCents: 1500, minQty: 1, availableQty: 100 });
      const placed = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(customer), payload: { toolId: tool!.id, quantity: 1, address: '8 Race Row', phone: '555-0188' } });
      const orderId: string = placed.json().insertedId;
      const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(customer), payload: { orderId } });
      const clientSecret: string = intent.json().clientSecret;
      const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
      const lag = () => new Promise((resolve) => setTimeout(resolve, round % 3));
      const payFirst = round % 2 === 0;
      const [paid, deleted] = await Promise.all([
        (payFirst ? Promise.resolve() : lag()).then(() =>
          t.app.inject({ method: 'POST', url: '/api/test-payments/confirm', remoteAddress: `10.9.0.${++ip}`, payload: { clientSecret, card: GOOD_CARD } }),
        ),
        (payFirst ? lag() : Promise.resolve()).then(() => deleteMe(bearer(customer), { password: customer.password })),
      ]);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      const [intentRow] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      const [account] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, customer.userId));
      if (deleted.statusCode === 200) {
        expect(account).toBeUndefined();
        expect(order).toBeUndefined();
        expect(paid.statusCode).toBe(409);
        // Charged before the order went: handed back. Never a charged card without its order.
        if (intentRow!.status === 'succeeded') expect(intentRow!.refundedAt).toBeInstanceOf(Date);
      } else {
        expect(deleted.json().code).toBe('ACCOUNT_HAS_OPEN_ORDERS');
        expect(paid.statusCode).toBe(200);
        expect(order).toMatchObject({ paid: true, status: 'pending', transactionId: intentId, userId: customer.userId });
        expect(account).toBeDefined();
      }
    }
  });
});
