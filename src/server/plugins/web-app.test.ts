import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { APP_ROUTES } from '../../shared';

// A built app of our own (the real build is not needed to see how the server answers for it):
// the page, with its Brotli twin as the build writes it, and one hashed script.
const PAGE = `<!doctype html><html lang="en"><head><title>ToolHouse</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SCRIPT = 'console.log("app");'.repeat(100);

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'store-web-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), PAGE);
  await writeFile(path.join(distDir, 'index.html.br'), brotliCompressSync(PAGE));
  await writeFile(path.join(distDir, 'assets', 'index-AbC123.js'), SCRIPT);
  t = await createTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** What a browser needs to show the app page safely: the page itself, never cached unchecked, with the page-only headers. */
function expectTheAppPage(res: Awaited<ReturnType<typeof get>>) {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBeDefined();
  const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  expect(body).toBe(PAGE);
}

describe('the web app', () => {
  it('answers every page of the app with 200 and the app page', async () => {
    for (const pattern of Object.values(APP_ROUTES)) {
      const url = pattern.replace(':id', '5c1f9a7e-2d3b-4c8e-9f10-7a6b5c4d3e2f');
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectTheAppPage(res);
    }
    // Compressed too (the build's Brotli twin is the same page, and is never cached unchecked either).
    const compressed = await get('/dashboard', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expectTheAppPage(compressed);
    // As the web router matches them: any case, a trailing slash, a query string.
    for (const url of ['/OURTOOLS', '/dashboard/myOrders/', '/ourTools?q=drill&sort=price_asc']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers an address that is no page with 404 and the same page, which shows "Page not found"', async () => {
    for (const url of ['/no-such-page', '/dashboard/no-such-page', '/purchase', '/purchase/a/b', '/no/such/page?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectTheAppPage(res);
    }
  });

  it('sends the 404 page compressed like the others, and whole even to a browser revalidating the page', async () => {
    const compressed = await get('/no-such-page', { 'accept-encoding': 'br' });
    expect(compressed.statusCode).toBe(404);
    expect(compressed.headers['content-encoding']).toBe('br');
    expectTheAppPage(compressed);

    // The page's own validators, as a browser that cached `/` would send them.
    const home = await get('/');
    expect(home.headers.etag).toBeDefined();
    const revalidated = await get('/no-such-page', {
      'if-none-match': String(home.headers.etag),
      'if-modified-since': String(home.headers['last-modified']),
      range: 'bytes=0-10',
    });
    expect(revalidated.statusCode).toBe(404);
    expectTheAppPage(revalidated);
    // ...while the page itself still revalidates cheaply.
    expect((await get('/ourTools', { 'if-none-match': String(home.headers.etag) })).statusCode).toBe(304);
  });

  it('keeps JSON 404s for the API, and for files and other methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-endpoint'],
      ['GET', '/assets/missing-123.js'],
      ['GET', '/no-such-page.png'],
      ['POST', '/no-such-page'],
      ['DELETE', '/ourTools'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ status: 404, detail: 'Not found' });
    }
  });

  it('caches hashed files for a year', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
