import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { APP_ROUTES, PAGE_HEADS } from '../../shared';

// A built app of our own (the real build is not needed to see how the server answers for it):
// the page with the markers src/web/index.html has, its Brotli twin as the build writes it, and
// one hashed script. Each page is this one with its own head (storefront/page-shell.ts).
const PAGE_START = '<!doctype html><html lang="en"><head><meta charset="UTF-8" />';
const PAGE_END = `<script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;
const PAGE = `${PAGE_START}<!--page-head--><title>ToolHouse</title><!--/page-head-->${PAGE_END}`.replace(
  '<body>',
  '<body><div id="root"><!--page-body--></div>',
);
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

/**
 * What a browser needs to show the app page safely: the built page with the page's own title,
 * never cached unchecked, with the page-only headers.
 */
function expectTheAppPage(res: Awaited<ReturnType<typeof get>>, title: string) {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBeDefined();
  const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
  expect(body.startsWith(PAGE_START)).toBe(true);
  expect(body).toContain(`<title>${title.replaceAll('&', '&amp;')}</title>`);
  expect(body).toContain('<div id="root"></div>');
  expect(body.endsWith(PAGE_END.replace('<body>', '<body><div id="root"></div>').split('<body>')[1]!)).toBe(true);
}

/** The title each page of the app has in its first HTML (shared/page-heads.ts). */
function titleOf(pattern: string): string {
  const own: Record<string, string> = {
    [APP_ROUTES.home]: PAGE_HEADS.home.title,
    [APP_ROUTES.homeAlias]: PAGE_HEADS.home.title,
    [APP_ROUTES.ourTools]: PAGE_HEADS.ourTools.title,
    [APP_ROUTES.contactUs]: PAGE_HEADS.contactUs.title,
    [APP_ROUTES.aboutUs]: PAGE_HEADS.aboutUs.title,
    [APP_ROUTES.cart]: PAGE_HEADS.cart.title,
    [APP_ROUTES.login]: PAGE_HEADS.login.title,
    [APP_ROUTES.registration]: PAGE_HEADS.registration.title,
    [APP_ROUTES.terms]: PAGE_HEADS.terms.title,
    [APP_ROUTES.privacy]: PAGE_HEADS.privacy.title,
    [APP_ROUTES.returns]: PAGE_HEADS.returns.title,
    [APP_ROUTES.imprint]: PAGE_HEADS.imprint.title,
  };
  return own[pattern] ?? PAGE_HEADS.private.title;
}

describe('the web app', () => {
  it('answers every page of the app with 200 and the app page with its own head', async () => {
    // A tool's page answers from the catalogue (storefront/tool-pages.test.ts).
    for (const pattern of Object.values(APP_ROUTES).filter((p) => p !== APP_ROUTES.toolPage)) {
      const url = pattern.replace(':id', '5c1f9a7e-2d3b-4c8e-9f10-7a6b5c4d3e2f');
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectTheAppPage(res, titleOf(pattern));
    }
    // Compressed too, from memory (and never cached unchecked either).
    const compressed = await get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expectTheAppPage(compressed, PAGE_HEADS.private.title);
    // As the web router matches them: any case, a trailing slash, a query string.
    for (const url of ['/OURTOOLS', '/dashboard/myOrders/', '/ourTools?q=drill&sort=price_asc']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers an address that is no page with 404 and the same page, which shows "Page not found"', async () => {
    // A folder of the build is no page either (the static plugin's lookup answers those).
    for (const url of ['/no-such-page', '/dashboard/no-such-page', '/purchase', '/purchase/a/b', '/no/such/page?x=1', '/assets', '/ASSETS']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectTheAppPage(res, PAGE_HEADS.notFound.title);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('sends the 404 page compressed like the others, and whole even to a browser revalidating the page', async () => {
    const compressed = await get('/no-such-page', { 'accept-encoding': 'gzip' });
    expect(compressed.statusCode).toBe(404);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expectTheAppPage(compressed, PAGE_HEADS.notFound.title);

    // The page's own validators, as a browser that cached `/` would send them.
    const home = await get('/');
    expect(home.headers.etag).toBeDefined();
    const revalidated = await get('/no-such-page', {
      'if-none-match': String(home.headers.etag),
      'if-modified-since': String(home.headers['last-modified']),
      range: 'bytes=0-10',
    });
    expect(revalidated.statusCode).toBe(404);
    expectTheAppPage(revalidated, PAGE_HEADS.notFound.title);
    // ...and with the 404 page's own ETag: a 304 would stand for a 200 (RFC 9110 15.4.5).
    const notFound = await get('/other-missing-page');
    expect(notFound.headers.etag).toBeDefined();
    const again = await get('/no-such-page', { 'if-none-match': String(notFound.headers.etag) });
    expect(again.statusCode).toBe(404);
    expectTheAppPage(again, PAGE_HEADS.notFound.title);
    // ...while a page itself still revalidates cheaply.
    const ourTools = await get('/ourTools');
    expect((await get('/ourTools', { 'if-none-match': String(ourTools.headers.etag) })).statusCode).toBe(304);
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
