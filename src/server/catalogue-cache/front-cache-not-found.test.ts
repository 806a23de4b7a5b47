import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { seen } from './front-cache.testing';

/**
 * "Page not found" replayed in front of the app (front-cache.ts, decision 051), over real HTTP
 * (`app.inject` never reaches the server's request event), with the real build of the web app.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ webDistDir: inject('webDistDir') });
  await createTools(t.database.db, 3);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t?.close());

/** The answer as a client sees it, its page as text. */
const get = async (path: string) => {
  const answer = await seen(await fetch(`${origin}${path}`));
  return { ...answer, body: answer.body.toString('utf8') };
};
const replayed = () => t.app.frontCache.hits;
const word = () => randomUUID().replaceAll('-', '').slice(0, 10);

describe('"Page not found" replayed in front of the app', () => {
  it('answers an address that is no page again with the very 404 the app sent: its status, headers and page', async () => {
    const path = `/no-such-page-${word()}`;
    const first = await get(path);
    expect(first.status).toBe(404);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain('<!doctype html>');
    const before = replayed();
    const again = await get(path);
    expect(replayed()).toBe(before + 1);
    expect(again).toEqual(first);
    // An invalid tool address is no page whatever the catalogue holds: kept as well.
    const badSlug = `/tools/NOT_A_SLUG_${word()}`;
    expect((await get(badSlug)).status).toBe(404);
    const beforeSlug = replayed();
    expect(await get(badSlug)).toEqual(first);
    expect(replayed()).toBe(beforeSlug + 1);
  });

  it('never replays the 404 of a tool that does not exist yet: once the owner adds it, its page is found', async () => {
    const name = `Ghost Saw ${word()}`;
    const slug = name.toLowerCase().replaceAll(' ', '-');
    const before = replayed();
    for (let i = 0; i < 3; i++) expect((await get(`/tools/${slug}`)).status).toBe(404);
    expect(replayed()).toBe(before);
    const [tool] = await createTools(t.database.db, 1, { name });
    expect(tool!.slug).toBe(slug);
    const page = await get(`/tools/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(name);
  });

  it("bounds a scanner's made-up addresses on a shelf of their own: the hot reads stay replayed", async () => {
    const hot = '/api/items?limit=3&sort=name';
    await get(hot);
    await get(hot);
    const kept = t.app.frontCache.size;
    for (let i = 0; i < 300; i++) {
      const path = `/wp-admin-${i}-${word()}`;
      expect((await get(path)).status).toBe(404);
      await get(path);
    }
    expect(t.app.frontCache.notFoundSize).toBeLessThanOrEqual(64);
    expect(t.app.frontCache.notFoundSize).toBeGreaterThan(32);
    expect(t.app.frontCache.size).toBe(kept);
    const before = replayed();
    expect((await get(hot)).status).toBe(200);
    expect(replayed()).toBe(before + 1);
  });
});
