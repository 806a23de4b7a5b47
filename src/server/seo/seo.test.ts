import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createTools } from '../../../tests/support/factories';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { updateTool } from '../catalogue/tools-admin-service';
import { categories, tools, users } from '../db/schema';
import type { Identity } from '../identity/identity';
import errorsPlugin from '../plugins/errors';
import { seoPlugin } from './seo-plugin';
import { sitemapRows } from './sitemap-repository';

/**
 * Issue 24 §3: /robots.txt and /sitemap.xml at the site's root, with absolute addresses on
 * PUBLIC_URL. The sitemap lists home, Our Tools, each category and every tool page with lastmod;
 * past its per-file limit it is an index of /sitemap-N.xml files (tested here with a limit of 3).
 */
const STORE = 'https://shop.example.com';
/** Tool names are what a person types; none of them is ever in a sitemap (only the addresses made from them). */
const HOSTILE_NAME = 'Drill & <Driver> "Pro" ]]> \u2028';

let t: TestApp;
/**
 * Who renames a tool here. An https PUBLIC_URL gives the session cookie its __Secure- name, which
 * the test accounts' sign-in does not read; the rename goes through the admin service itself.
 */
const ADMIN: Identity = { userId: 'seo-admin', sessionId: 'seo-admin-session', email: 'seo-admin@example.com', name: 'Seo Admin', role: 'admin', emailVerified: true };
/** The same plugin on the same database, with 3 addresses a file: the index path with a few tools. */
let small: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ auth: { ...testConfig().auth, publicUrl: STORE } });
  await t.database.db.insert(users).values({ id: ADMIN.userId, name: ADMIN.name, email: ADMIN.email, role: 'admin', emailVerified: true });
  const power = await createCategory(t.database.db, 'Power tools');
  const soldering = await createCategory(t.database.db, 'Soldering', power.id);
  await createTools(t.database.db, 2, { categoryId: power.id });
  await createTools(t.database.db, 2, { categoryId: soldering.id, name: HOSTILE_NAME });
  small = Fastify({ logger: false });
  small.decorate('db', t.database.db);
  await small.register(errorsPlugin);
  await small.register(seoPlugin, { publicUrl: STORE, urlsPerFile: 3 });
  await small.ready();
}, 60_000);
afterAll(async () => {
  await small?.close();
  await t?.close();
});

const get = (url: string, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url });
const urlsOf = async (xml: string) => (await parseSitemap(Readable.from([xml]))).map((item) => ({ url: item.url, lastmod: item.lastmod }));

/** Every address the sitemap should list now, read straight from the tables, with its lastmod. */
async function expectedEntries() {
  const db = t.database.db;
  const toolRows = await db.select({ slug: tools.slug, updatedAt: tools.updatedAt }).from(tools).orderBy(asc(tools.id));
  const categoryRows = await db.select({ slug: categories.slug, updatedAt: categories.updatedAt }).from(categories).orderBy(asc(categories.id));
  const newest = new Date(Math.max(...toolRows.map((row) => row.updatedAt.getTime()))).toISOString();
  return [
    { url: `${STORE}/`, lastmod: newest },
    { url: `${STORE}/ourTools`, lastmod: newest },
    // About Us, Contact Us and the legal pages (issue 27), without a lastmod.
    ...['aboutUs', 'contactUs', 'terms', 'privacy', 'returns', 'imprint'].map((page) => ({ url: `${STORE}/${page}` })),
    ...categoryRows.map((row) => ({ url: `${STORE}/ourTools?category=${row.slug}`, lastmod: row.updatedAt.toISOString() })),
    ...toolRows.map((row) => ({ url: `${STORE}/tools/${row.slug}`, lastmod: row.updatedAt.toISOString() })),
  ];
}

describe('GET /robots.txt', () => {
  it('allows the storefront, keeps crawlers out of the dashboard, the cart and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of ['Allow: /', 'Disallow: /dashboard', 'Disallow: /cart', 'Disallow: /api']) expect(lines).toContain(rule);
    // Product photos and datasheets are served under /api and are the storefront's too.
    expect(lines).toContain('Allow: /api/images/');
    expect(lines).toContain('Allow: /api/documents/');
    expect(lines).toContain(`Sitemap: ${STORE}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists home, Our Tools, About Us, Contact Us, the legal pages, every category and every tool page, each with its lastmod, absolute on PUBLIC_URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const entries = await urlsOf(res.body);
    expect(entries).toEqual(await expectedEntries());
    // 8 fixed pages, the two categories made here (and Uncategorised, if a test made it), 4 tools.
    expect(entries.filter((entry) => entry.url.includes('/tools/'))).toHaveLength(4);
    expect(entries.filter((entry) => entry.url.includes('?category=power-tools-'))).toHaveLength(1);
  });

  it('holds addresses only: no tool name, escaped or not, and well-formed XML around them', async () => {
    const body = (await get('/sitemap.xml')).body;
    for (const part of ['Drill', 'Driver', '&lt;', '&amp;', 'Pro']) expect(body).not.toContain(part);
    expect(body).not.toContain('<image:');
    expect(body).toMatch(/<\/urlset>$/);
  });

  it('lists a renamed tool at its new address only', async () => {
    const [tool] = await createTools(t.database.db, 1, { name: 'Bench Grinder' });
    expect((await urlsOf((await get('/sitemap.xml')).body)).map((entry) => entry.url)).toContain(`${STORE}/tools/${tool!.slug}`);
    expect(await updateTool(t.database.db, ADMIN, tool!.id, { name: 'Bench Grinder Mk II' })).toBe(1);
    const [now] = await t.database.db.select({ slug: tools.slug, updatedAt: tools.updatedAt }).from(tools).where(eq(tools.id, tool!.id));
    expect(now!.slug).not.toBe(tool!.slug);
    const entries = await urlsOf((await get('/sitemap.xml')).body);
    const urls = entries.map((entry) => entry.url);
    expect(urls).toContain(`${STORE}/tools/${now!.slug}`);
    expect(urls).not.toContain(`${STORE}/tools/${tool!.slug}`);
    // The rename is the catalogue's newest change: the tool's lastmod, and home's.
    expect(entries.find((entry) => entry.url === `${STORE}/tools/${now!.slug}`)!.lastmod).toBe(now!.updatedAt.toISOString());
    expect(entries[0]).toEqual({ url: `${STORE}/`, lastmod: now!.updatedAt.toISOString() });
  });

  it('answers a HEAD with the headers alone', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('has no numbered files while it is one file', async () => {
    expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
  });
});

describe('the sitemap past its per-file limit', () => {
  it('is an index of numbered files that hold every address once, at most the limit each, the first with home, Our Tools and the categories', async () => {
    const res = await get('/sitemap.xml', small);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const expected = await expectedEntries();
    const files = (await parseSitemapIndex(Readable.from([res.body]))).map((item) => item.url);
    expect(files).toEqual(Array.from({ length: Math.ceil(expected.length / 3) }, (_, i) => `${STORE}/sitemap-${i + 1}.xml`));

    const listed = [];
    for (const file of files) {
      const child = await get(new URL(file).pathname, small);
      expect(child.statusCode).toBe(200);
      expect(child.headers['content-type']).toBe('application/xml; charset=utf-8');
      const entries = await urlsOf(child.body);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(3);
      listed.push(...entries);
    }
    expect(listed).toEqual(expected);
    expect(listed.slice(0, 2).map((entry) => entry.url)).toEqual([`${STORE}/`, `${STORE}/ourTools`]);
  });

  it('answers 404 for a file that does not exist', async () => {
    const files = Math.ceil((await expectedEntries()).length / 3);
    for (const path of [`/sitemap-${files + 1}.xml`, '/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-1e1.xml', '/sitemap-.xml', '/sitemap-x.xml']) {
      expect((await get(path, small)).statusCode, path).toBe(404);
    }
  });
});

describe('the sitemap reads', () => {
  it('a range of rows by keyset pages, the same rows as reading them all at once', async () => {
    const all = (await t.database.db.select({ slug: tools.slug }).from(tools).orderBy(asc(tools.id))).map((row) => row.slug);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const read = async (offset: number, count: number, pageSize: number) => {
      const slugs: string[] = [];
      for await (const page of sitemapRows(t.database.db, 'tools', { offset, count }, pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        slugs.push(...page.map((row) => row.slug));
      }
      return slugs;
    };
    for (const pageSize of [1, 2, 1000]) {
      expect(await read(0, all.length, pageSize)).toEqual(all);
      expect(await read(1, 3, pageSize)).toEqual(all.slice(1, 4));
      expect(await read(all.length - 1, 5, pageSize)).toEqual(all.slice(-1));
      expect(await read(all.length, 5, pageSize)).toEqual([]);
    }
  });
});

describe('the root files and the API', () => {
  it('are apart: /api never reaches robots.txt or a sitemap', async () => {
    for (const path of ['/api/robots.txt', '/api/sitemap.xml', '/api/sitemap-1.xml']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).not.toContain('urlset');
    }
  });
});
