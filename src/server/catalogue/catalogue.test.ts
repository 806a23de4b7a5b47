import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { ToolRow } from './tools-repository';

let t: TestApp;
let created: ToolRow[];

beforeAll(async () => {
  t = await createTestApp();
  created = await createTools(t.database.db, 8, { priceCents: 12345, minQty: 3, availableQty: 40 });
});
afterAll(() => t.close());

describe('GET /api/items', () => {
  it('lists tools in catalogue order with the spec fields and the price in dollars', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('8');
    const items = res.json();
    expect(items.map((i: { _id: string }) => i._id)).toEqual(created.map((c) => c.id));
    expect(items[0]).toEqual({
      _id: created[0]!.id,
      name: created[0]!.name,
      price: 123.45,
      image: created[0]!.image,
      description: created[0]!.description,
      minQty: 3,
      availableQty: 40,
      slug: created[0]!.slug,
      sku: created[0]!.sku,
      categoryId: created[0]!.categoryId,
      taxClass: 'standard',
    });
    expect(items[0].slug).toMatch(/^test-tool-\d+-[a-z0-9]+$/);
  });

  it('pages with limit and offset and still reports the whole total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items?limit=3&offset=6' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('8');
    expect(res.json().map((i: { _id: string }) => i._id)).toEqual(created.slice(6).map((c) => c.id));
  });

  it('gives the home page its first six tools', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items?limit=6' });
    expect(res.json()).toHaveLength(6);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['limit=abc', 'limit must be a whole number'],
    ['limit=2.5', 'limit must be a whole number'],
    ['offset=-1', 'offset must be 0 or more'],
  ])('refuses ?%s with 400 naming the parameter', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/items?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message });
  });

  it('lets browsers revalidate cheaply with an ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/items?limit=2' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/api/items?limit=2', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/items/:id', () => {
  it('answers one tool', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/items/${created[2]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: created[2]!.id, name: created[2]!.name, price: 123.45 });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: 'Tool not found' });
  });

  it('answers a 404 again, never 304, to a client revalidating with the ETag of an earlier 404', async () => {
    for (const url of ['/api/items/00000000-0000-4000-8000-000000000000', '/api/no-such-route']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(404);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag ?? '"x"') } });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ status: 404, code: first.json().code });
    }
  });

  it.each(['123', 'not-an-id', "1' or '1'='1", '%00'])('answers 404 for the malformed id %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/items/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Tool not found');
  });
});
