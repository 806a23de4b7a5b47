import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createReviews, createTools } from '../../../tests/support/factories';
import { makeBuyer, payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t.app, 'Rita Reviewer');
  await makeBuyer(t.database.db, customer);
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
  await createReviews(t.database.db, 2);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const post = (payload: unknown, user: TestUser | null = customer) =>
  t.app.inject({ method: 'POST', url: '/api/review', headers: user ? bearer(user) : {}, payload: payload as object });
async function listed() {
  const res = await t.app.inject({ method: 'GET', url: '/api/review?limit=100' });
  expect(res.statusCode).toBe(200);
  return { reviews: res.json() as Array<Record<string, unknown>>, total: Number(res.headers['x-total-count']) };
}

describe('POST /api/review', () => {
  it('refuses a customer who has not paid for an order (403, nothing stored), and takes their review once they have', async () => {
    const newcomer = await createCustomer(t.app, 'Nina Newcomer');
    const before = await listed();
    const refused = await post({ rating: 1, reviewText: 'Never bought anything, one star' }, newcomer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, detail: API_ERRORS.reviewsFromBuyers });

    // An order placed but not paid is not a purchase.
    const [tool] = await createTools(t.database.db, 1, { availableQty: 10, minQty: 1 });
    const order = await placeOrderByApi(t.app, newcomer, tool!.id, 1);
    expect(order.statusCode).toBe(201);
    expect((await post({ rating: 1, reviewText: 'Ordered, never paid' }, newcomer)).statusCode).toBe(403);
    expect((await listed()).total).toBe(before.total);

    const { confirm } = await payWithTestCard(t.app, newcomer, order.json().insertedId);
    expect(confirm?.statusCode).toBe(200);
    expect((await post({ rating: 4, reviewText: 'Bought and happy' }, newcomer)).statusCode).toBe(201);
    expect((await listed()).total).toBe(before.total + 1);
  });

  it("stores the review under the signed-in customer's name, markup verbatim, and lists it first", async () => {
    const reviewText = '<b>Great</b> drill <script>alert("x")</script> & more';
    const before = await listed();
    const res = await post({ userName: 'Forged Name', rating: 5, reviewText });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ insertedId: expect.stringMatching(UUID) });
    expect(res.headers.location).toBe(`/api/review/${res.json().insertedId}`);

    const { reviews, total } = await listed();
    expect(total).toBe(before.total + 1);
    expect(reviews[0]).toEqual({ _id: res.json().insertedId, userName: 'Rita Reviewer', rating: 5, reviewText });
    expect(reviews.some((r) => r.userName === 'Forged Name')).toBe(false);
  });

  it.each([1, 5])('accepts rating %i, at the edge of the range', async (rating) => {
    const res = await post({ rating, reviewText: `Rated ${rating}` });
    expect(res.statusCode).toBe(201);
    expect((await listed()).reviews[0]).toEqual({ _id: res.json().insertedId, userName: 'Rita Reviewer', rating, reviewText: `Rated ${rating}` });
  });

  it('accepts a text of exactly 250 characters', async () => {
    const reviewText = 'a'.repeat(250);
    const res = await post({ rating: 4, reviewText });
    expect(res.statusCode).toBe(201);
    expect((await listed()).reviews[0]).toMatchObject({ _id: res.json().insertedId, reviewText });
  });

  it.each<[string, unknown]>([
    ['0', 0],
    ['6', 6],
    ['2.5', 2.5],
    ["the string '5'", '5'],
    ['-1', -1],
    ['null', null],
    ['missing', undefined],
  ])('refuses rating %s with 400 and stores nothing', async (_case, rating) => {
    const before = (await listed()).total;
    const res = await post({ rating, reviewText: 'Should not be stored' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: VALIDATION.ratingInvalid,
      errors: [{ field: 'rating', detail: VALIDATION.ratingInvalid }],
    });
    expect((await listed()).total).toBe(before);
  });

  it.each<[string, unknown, string]>([
    ['missing', undefined, VALIDATION.reviewTextRequired],
    ['empty', '', VALIDATION.reviewTextRequired],
    ['blank', '   \n ', VALIDATION.reviewTextRequired],
    ['not a string', 42, VALIDATION.reviewTextRequired],
    ['251 characters long', 'b'.repeat(251), 'You can only write 250 characters'],
  ])('refuses a review text that is %s with 400 and the spec message', async (_case, reviewText, message) => {
    const before = (await listed()).total;
    const res = await post({ rating: 3, reviewText });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field: 'reviewText', detail: message }] });
    expect((await listed()).total).toBe(before);
  });

  it('refuses an admin (403) and an anonymous caller (401), storing nothing', async () => {
    const before = (await listed()).total;
    const byAdmin = await post({ rating: 5, reviewText: 'Admin praise' }, admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ status: 403, detail: API_ERRORS.customersOnly });
    const anonymous = await post({ rating: 5, reviewText: 'Anonymous praise' }, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 401, detail: API_ERRORS.signInRequired });
    expect((await listed()).total).toBe(before);
  });

  it('refuses a body that is not a JSON object with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { ...bearer(customer), 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: 'The request body must be a JSON object' });
  });
});
