import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { buildProductInput, buildTool, createTools, insertToolsUnannounced } from '../../../tests/support/factories';
import type { ProductForm } from '../../shared';
import { payWithTestCard } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { tools } from '../db/schema';

/**
 * The catalogue and the reviews are answered from memory as ready bytes (catalogue-cache/).
 * What a caller must see: every change on the very next read, 304 for what it already holds, and
 * one answer for everyone, since none of it is per user.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let toolId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db);
  customer = await createCustomer(t.app);
  const [tool] = await createTools(t.database.db, 1, { availableQty: 40, minQty: 1, priceCents: 1999 });
  toolId = tool!.id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** An admin adds a tool through the API, as the back office does (the route that drops the cached answers). */
const adminAddsTool = (fields: Partial<ProductForm>) =>
  t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput(fields) });
const toolOf = async () => (await get(`/api/items/${toolId}`)).json() as { name: string; availableQty: number; price: number };

describe('a change is visible on the next read', () => {
  it("shows an admin's edit on the next read of the tool and of the list", async () => {
    expect((await toolOf()).name).not.toBe('Renamed Torque Wrench');
    await get('/api/items?limit=50');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/items/${toolId}`,
      headers: bearer(admin),
      payload: { name: 'Renamed Torque Wrench', price: 24.5 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await toolOf()).toMatchObject({ name: 'Renamed Torque Wrench', price: 24.5 });
    const list = (await get('/api/items?limit=50')).json() as { _id: string; name: string }[];
    expect(list.find((tool) => tool._id === toolId)?.name).toBe('Renamed Torque Wrench');
  });

  it('shows the stock a sale took on the next read, and a new tool in the list and its total', async () => {
    const before = await toolOf();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer),
      payload: { toolId, quantity: 3, address: '3 Cache Lane', phone: '555-0103' },
    });
    expect(order.statusCode).toBe(201);
    // An unpaid order holds nothing; the payment takes the units.
    expect((await toolOf()).availableQty).toBe(before.availableQty);
    expect((await payWithTestCard(t.app, customer, order.json().insertedId)).confirm?.statusCode).toBe(200);
    expect((await toolOf()).availableQty).toBe(before.availableQty - 3);

    const listed = await get('/api/items?limit=50');
    const total = Number(listed.headers['x-total-count']);
    const created = await adminAddsTool({ name: 'Fresh Caliper', description: 'A caliper added after the list was cached.' });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/items?limit=50');
    expect(Number(after.headers['x-total-count'])).toBe(total + 1);
    expect((after.json() as { name: string }[]).map((tool) => tool.name)).toContain('Fresh Caliper');
  });

  it('shows a tool deleted by an admin as gone on the next read', async () => {
    const [doomed] = await createTools(t.database.db, 1);
    expect((await get(`/api/items/${doomed!.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/items/${doomed!.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect((await get(`/api/items/${doomed!.id}`)).statusCode).toBe(404);
  });

  it('shows a change written by another process once its notice arrives', async () => {
    await toolOf();
    // Another process's write: straight to the database, then its notice on the shared channel.
    await t.database.db.update(tools).set({ availableQty: 7 }).where(eq(tools.id, toolId));
    await t.app.changes.publish('stock');
    for (let i = 0; i < 50 && (await toolOf()).availableQty !== 7; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await toolOf()).availableQty).toBe(7);
  });

  it('shows a new tool in a search it matches, and in the count of matches, on the next read', async () => {
    const before = await get('/api/items?q=theodolite');
    expect(before.json()).toEqual([]);
    expect(before.headers['x-total-count']).toBe('0');
    const created = await adminAddsTool({ name: 'Site Theodolite', description: 'Angles to the arc second.' });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/items?q=theodolite');
    expect((after.json() as { name: string }[]).map((tool) => tool.name)).toEqual(['Site Theodolite']);
    expect(after.headers['x-total-count']).toBe('1');
  });

  it("shows a customer's new review on the next read of the reviews", async () => {
    const before = await get('/api/review?limit=3');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(customer),
      payload: { rating: 5, reviewText: 'Cached lists still showed this at once.' },
    });
    expect(posted.statusCode).toBe(201);
    const after = await get('/api/review?limit=3');
    expect((after.json() as { reviewText: string }[])[0]!.reviewText).toBe('Cached lists still showed this at once.');
    expect(Number(after.headers['x-total-count'])).toBe(Number(before.headers['x-total-count']) + 1);
  });
});

describe('conditional and compressed reads', () => {
  it('answers 304 with no body to If-None-Match holding the current ETag, and 200 once the tool changed', async () => {
    const first = await get(`/api/items/${toolId}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get(`/api/items/${toolId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A client that lists several tags, or sends the strong form, is answered the same.
    expect((await get(`/api/items/${toolId}`, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);

    await t.app.inject({ method: 'PATCH', url: `/api/items/${toolId}`, headers: bearer(admin), payload: { availableQty: 33 } });
    const changed = await get(`/api/items/${toolId}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toMatchObject({ availableQty: 33 });
  });

  it('answers 304 for an unchanged catalogue page too, with its total', async () => {
    const page = await get('/api/items?limit=6');
    const again = await get('/api/items?limit=6', { 'if-none-match': page.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('sends the same JSON gzipped to a client that takes gzip, and plain to one that does not', async () => {
    await createTools(t.database.db, 20);
    const plain = await get('/api/items?limit=30');
    const zipped = await get('/api/items?limit=30', { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('one answer for everyone', () => {
  it('gives a signed-in admin, a customer and a visitor the same bytes, with no per-user field and no cookie', async () => {
    const urls = ['/api/items?limit=10', `/api/items/${toolId}`, '/api/review?limit=5'];
    for (const url of urls) {
      const [visitor, asCustomer, asAdmin] = await Promise.all([get(url), get(url, bearer(customer)), get(url, bearer(admin))]);
      expect(asCustomer.body).toBe(visitor.body);
      expect(asAdmin.body).toBe(visitor.body);
      for (const res of [visitor, asCustomer, asAdmin]) {
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.body).not.toContain(customer.email);
        expect(res.body).not.toContain(admin.email);
      }
    }
  });

  it('answers an unknown tool 404 every time, and caches nothing for it', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/items/${unknown}`)).statusCode).toBe(404);
    // A tool created under that id afterwards (as another process might) is found at once.
    const [tool] = await t.database.db.transaction((tx) => insertToolsUnannounced(tx, [buildTool({ id: unknown })]));
    expect(tool!.id).toBe(unknown);
    expect((await get(`/api/items/${unknown}`)).statusCode).toBe(200);
  });
});

describe('a script sending endless distinct searches and pages', () => {
  it("never pushes out Home's answer, and keeps only a bounded number of the others", async () => {
    // The new tool's change is heard here as it commits; its echo from the database, a moment
    // later, is the same notice and drops nothing more (decision 029), so nothing primed below goes.
    const [gauge] = await createTools(t.database.db, 1, { name: 'Flood Gauge' });
    const home = await get('/api/items?limit=6');
    const firstOnHome = (home.json() as { _id: string }[])[0]!._id;
    const search = await get('/api/items?q=gauge');
    expect(search.body).toContain('Flood Gauge');

    // Both changed behind the caches' back (no change notice): an answer read again shows it.
    await t.database.db.update(tools).set({ name: 'Quietly Renamed' }).where(eq(tools.id, firstOnHome));
    await t.database.db.update(tools).set({ name: 'Flood Gauge Mk II' }).where(eq(tools.id, gauge!.id));

    // More distinct searches and deep pages than the store for them holds (1,000).
    for (let i = 0; i < 1_100; i += 1) {
      // Pages within the offset cap (decision 026), each of its own size and start: none is kept twice.
      const res = await get(i % 2 ? `/api/items?q=zz${i}q` : `/api/items?limit=${1 + (i % 50)}&offset=${1 + Math.floor(i / 50)}`);
      expect(res.statusCode).toBe(200);
    }

    // Home is still the answer kept before: nothing the script sent made room for it to go.
    expect((await get('/api/items?limit=6')).body).toBe(home.body);
    // The search was pushed out by the flood (and read again), so the flood's entries were bounded too.
    expect((await get('/api/items?q=gauge')).body).toContain('Flood Gauge Mk II');

    t.app.changes.changedHere(); // leave no stale answer behind
    expect((await get('/api/items?limit=6')).body).toContain('Quietly Renamed');
  }, 120_000); // 1,100 requests: a few seconds, many more on a busy machine
});


describe('what empties the cached catalogue', () => {
  /** Primes the tool's cached answer, then renames it behind the caches' back (no change notice). */
  async function renamedBehindTheCache(name: string): Promise<string> {
    const cached = (await toolOf()).name;
    await t.database.db.update(tools).set({ name }).where(eq(tools.id, toolId));
    return cached;
  }

  it('stays as it was through refused and failed writes in a loop (a client cannot keep emptying it for everyone)', async () => {
    const cached = await renamedBehindTheCache('Changed Behind The Cache');
    for (let i = 0; i < 10; i += 1) {
      expect((await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(customer), payload: {} })).statusCode).toBe(400);
      const tooMany = { toolId, quantity: 1_000_000, address: '1 Refused Road', phone: '555-0100' };
      expect((await t.app.inject({ method: 'POST', url: '/api/order', payload: { ...tooMany, quantity: 1 } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(customer), payload: tooMany })).statusCode).toBe(409);
      const badEdit = { name: '' };
      expect((await t.app.inject({ method: 'PATCH', url: `/api/items/${toolId}`, headers: bearer(admin), payload: badEdit })).statusCode).toBe(400);
    }
    expect((await toolOf()).name).toBe(cached);
    t.app.changes.changedHere(); // leave no stale answer behind
    expect((await toolOf()).name).toBe('Changed Behind The Cache');
  });

  it('stays as it was through a write that changes something else (a message to the store)', async () => {
    const cached = await renamedBehindTheCache('Renamed Again Behind The Cache');
    const message = { name: 'Quinn Query', email: 'quinn@example.com', number: '555-0142', message: 'Do you ship to Canada?' };
    expect((await t.app.inject({ method: 'POST', url: '/api/queries', payload: message })).statusCode).toBe(201);
    expect((await toolOf()).name).toBe(cached);
    // A committed change to the catalogue empties it, for the writer's very next read.
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/items/${toolId}`, headers: bearer(admin), payload: { price: 25 } });
    expect(edit.statusCode).toBe(200);
    expect(await toolOf()).toMatchObject({ name: 'Renamed Again Behind The Cache', price: 25 });
  });
});
