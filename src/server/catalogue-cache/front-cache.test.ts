import { request, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { seen } from './front-cache.testing';

/**
 * The public reads replayed in front of the app (front-cache.ts, decision 051), over real HTTP:
 * `app.inject` never reaches the server's request event, where replays are answered.
 */
let t: TestApp;
let origin: string;
let admin: TestUser;
let toolId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [tool] = await createTools(t.database.db, 6);
  toolId = tool!.id;
  admin = await createAdmin(t.app, t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });
const replayed = () => t.app.frontCache.hits;

describe('answers replayed in front of the app', () => {
  it('answers the same request again with the very bytes and headers the app sent, and never a miss', async () => {
    const path = '/api/items?limit=2&sort=name';
    // A miss: its query counts against the client's allowance, and says so in its headers.
    const miss = await seen(await get(path));
    expect(miss.headers['x-ratelimit-remaining']).toBeDefined();
    const hit = await seen(await get(path));
    expect(hit.headers['x-ratelimit-remaining']).toBeUndefined();
    const before = replayed();
    const again = await seen(await get(path));
    expect(replayed()).toBe(before + 1);
    expect(again).toEqual(hit);
    expect(again.status).toBe(200);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect((JSON.parse(again.body.toString()) as unknown[]).length).toBe(2);
  });

  it('never replays an answer the catalogue has dropped: a price the owner changes shows at once', async () => {
    const price = async () => ((await (await get(`/api/items/${toolId}`)).json()) as { price: number }).price;
    await price();
    await price();
    const before = replayed();
    const old = await price();
    expect(replayed()).toBe(before + 1);
    // A price no factory tool has (theirs are $19.99 and a few cents), in whole cents.
    const changed = 77.77;
    expect(old).not.toBe(changed);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/items/${toolId}`, headers: bearer(admin), payload: { price: changed } });
    expect(patched.statusCode).toBe(200);
    expect(await price()).toBe(changed);
  });

  it('keeps each encoding apart: a gzip client gets gzip, a client that takes none gets the plain bytes', async () => {
    const path = '/api/items?limit=6&sort=name';
    for (let i = 0; i < 3; i++) await get(path, { 'accept-encoding': 'identity' });
    for (let i = 0; i < 3; i++) await get(path, { 'accept-encoding': 'gzip' });
    const before = replayed();
    const plain = await seen(await get(path, { 'accept-encoding': 'identity' }));
    const wire = await gzipOverTheWire(path);
    expect(replayed()).toBe(before + 2);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(wire.headers['content-encoding']).toBe('gzip');
    expect(Number(wire.headers['content-length'])).toBe(wire.body.length);
    expect(gunzipSync(wire.body).equals(plain.body)).toBe(true);
  });

  it('leaves conditional, partial and HEAD requests to the app: 304 for a held ETag, no body for HEAD', async () => {
    const path = '/api/categories';
    for (let i = 0; i < 3; i++) await get(path);
    const etag = (await get(path)).headers.get('etag')!;
    const before = replayed();
    const notModified = await get(path, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    const head = await fetch(`${origin}${path}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(replayed()).toBe(before);
  });

  it('holds a bounded number of answers, however many addresses a client makes up', async () => {
    // Each address differs (an offset), so each is kept once the app has answered it from its cache.
    for (let offset = 0; offset < 700; offset += 1) {
      const path = `/api/items?limit=1&offset=${offset}`;
      await get(path);
      await get(path);
    }
    expect(t.app.frontCache.size).toBeLessThanOrEqual(512);
    expect(t.app.frontCache.size).toBeGreaterThan(400);
  });
});

/** An answer to a client that takes gzip, as it comes over the wire (fetch would decode it). */
function gzipOverTheWire(path: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
