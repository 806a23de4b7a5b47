import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviews } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/review', () => {
  it('answers an empty list on an empty store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists reviews newest first with the spec fields', async () => {
    const old = await createReviews(t.database.db, 1, { createdAt: new Date('2024-01-01'), rating: 3 });
    const recent = await createReviews(t.database.db, 1, { createdAt: new Date('2025-06-01'), rating: 5 });
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      { _id: recent[0]!.id, userName: recent[0]!.userName, rating: 5, reviewText: recent[0]!.reviewText },
      { _id: old[0]!.id, userName: old[0]!.userName, rating: 3, reviewText: old[0]!.reviewText },
    ]);
  });

  it('pages with limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/review?limit=1' });
    expect(res.json()).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('refuses a bad limit with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/review?limit=-5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('limit must be at least 1');
  });
});
