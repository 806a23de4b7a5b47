import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, createAdmin, type TestUser } from '../../../tests/support/accounts';
import { createCategory, createTools } from '../../../tests/support/factories';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { COMPANY, PAGE_HEADS, STOCK_TEXTS, type ToolDetail } from '../../shared';

/**
 * A tool's page as a crawler or a link preview reads it: the server's raw HTML, parsed without
 * running any script (happy-dom's DOMParser runs none), from the real build of the web app and
 * its server renderer (tests/support/web-build.ts).
 */

/** PUBLIC_URL as the store read it (its default here: the test app's sessions run over plain http). */
const PUBLIC_URL = testConfig().auth.publicUrl;
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ webDistDir: inject('webDistDir') });
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t?.close());

const window = new Window();
const parse = (html: string) => new window.DOMParser().parseFromString(html, 'text/html');
const get = (url: string) => t.app.inject({ method: 'GET', url });
type ParsedPage = ReturnType<typeof parse>;
const meta = (doc: ParsedPage, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
const jsonLd = (doc: ParsedPage) => [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ''));
const patchTool = (id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload });

async function toolInCategory(overrides: Parameters<typeof createTools>[2] = {}) {
  const top = await createCategory(t.database.db, 'Electronics tools');
  const sub = await createCategory(t.database.db, 'Soldering', top.id);
  const [tool] = await createTools(t.database.db, 1, {
    categoryId: sub.id,
    specs: [
      { name: 'Power', value: '90', unit: 'W' },
      { name: 'Tip', value: 'ESD-safe' },
    ],
    ...overrides,
  });
  const detail = (await get(`/api/items/${tool!.id}`)).json() as ToolDetail;
  return { tool: detail, top, sub };
}

describe('a tool page before any script runs', () => {
  it('holds the head a search engine and a link preview read', async () => {
    const { tool } = await toolInCategory({ priceCents: 8999, availableQty: 420, minQty: 4 });
    const res = await get(`/tools/${tool.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = parse(res.body);
    const url = `${PUBLIC_URL}/tools/${tool.slug}`;

    expect(doc.title).toBe(`${tool.name} | ToolHouse`);
    expect(meta(doc, 'description')).toMatch(/^A dependable tool made for testing/);
    expect(meta(doc, 'robots')).toBeNull();
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(doc, 'og:title')).toBe(tool.name);
    expect(meta(doc, 'og:url')).toBe(url);
    expect(meta(doc, 'og:image')).toBe(`${PUBLIC_URL}${tool.image}`);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'twitter:image')).toBe(`${PUBLIC_URL}${tool.image}`);

    const [product, breadcrumb] = jsonLd(doc);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: tool.name,
      sku: tool.sku,
      image: [`${PUBLIC_URL}${tool.image}`],
      description: tool.description,
      brand: { '@type': 'Brand', name: COMPANY.name },
      category: tool.categoryPath.map((c) => c.name).join(' > '),
      offers: { '@type': 'Offer', price: '89.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url },
    });
    expect(breadcrumb['@type']).toBe('BreadcrumbList');
    expect(breadcrumb.itemListElement.at(-1)).toMatchObject({ name: tool.name, item: url });
  });

  it('holds the body: name, description, price, stock, specifications and the main photo, first to load', async () => {
    const { tool } = await toolInCategory({ priceCents: 8999, availableQty: 7, minQty: 2 });
    const doc = parse((await get(`/tools/${tool.slug}`)).body);
    const root = doc.getElementById('root')!;
    expect(root.querySelector('h1')?.textContent).toBe(tool.name);
    expect(root.querySelector('[data-testid="tool-description"]')?.textContent).toBe(tool.description);
    expect(root.textContent).toContain('$89.99');
    expect(root.querySelector('[data-testid="tool-sku"]')?.textContent).toBe(tool.sku);
    expect(root.querySelector('[data-testid="stock-state"]')?.textContent).toBe(STOCK_TEXTS.fewLeft(7));
    const rows = [...root.querySelectorAll('[data-testid="tool-specs"] tbody tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Power', '90', 'W'],
      ['Tip', 'ESD-safe', ''],
    ]);
    const photo = root.querySelector('[data-testid="tool-gallery"] img')!;
    expect(photo.getAttribute('src')).toBe(tool.image);
    expect(photo.getAttribute('fetchpriority')).toBe('high');
    expect(photo.getAttribute('alt')).toBe(tool.name);
    // The breadcrumb names the category path.
    expect(root.querySelector('nav[aria-label="Breadcrumb"]')?.textContent).toContain(tool.categoryPath[1]!.name);
    // The data the body was drawn from, for the browser to hydrate it with.
    const data = JSON.parse(doc.getElementById('server-data')!.textContent ?? '');
    expect(data.tool).toEqual(tool);
  });

  it('says a sold-out tool is sold out, in the page and in its offer', async () => {
    const { tool } = await toolInCategory({ availableQty: 0, minQty: 1 });
    const doc = parse((await get(`/tools/${tool.slug}`)).body);
    expect(doc.querySelector('[data-testid="stock-state"]')?.textContent).toBe(STOCK_TEXTS.soldOut);
    expect(jsonLd(doc)[0].offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('shows what a person typed as text, in the HTML and in the JSON-LD, and runs nothing', async () => {
    const name = '</title><script>alert(1)</script>';
    const description = 'Tough & tidy "drill" <img src=x onerror=alert(2)> </script><script>alert(3)</script> for the workshop bench.';
    const { tool } = await toolInCategory({
      name,
      description,
      specs: [{ name: '<b>Torque</b>', value: '</td><script>alert(4)</script>', unit: '"Nm"' }],
    });
    const res = await get(`/tools/${tool.slug}`);
    // No script of a person's making: only the page's own (the app, two JSON-LD blocks, its data).
    expect(res.body).not.toMatch(/<script>alert|<img src=x/i);
    const doc = parse(res.body);
    expect(doc.title).toBe(`${name} | ToolHouse`);
    expect(doc.querySelector('h1')?.textContent).toBe(name);
    expect(doc.querySelector('[data-testid="tool-description"]')?.textContent).toBe(description);
    expect(doc.querySelector('[data-testid="tool-specs"] tbody th')?.textContent).toBe('<b>Torque</b>');
    const scripts = [...doc.querySelectorAll('script')].map((s) => s.getAttribute('type') ?? 'classic');
    expect(scripts.sort()).toEqual(['application/json', 'application/ld+json', 'application/ld+json', 'module']);
    // The JSON-LD reads back as the same text.
    expect(jsonLd(doc)[0]).toMatchObject({ name, description });
    expect(jsonLd(doc)[0].additionalProperty[0]).toEqual({ '@type': 'PropertyValue', name: '<b>Torque</b>', value: '</td><script>alert(4)</script>', unitText: '"Nm"' });
  });

  it('follows the tool: a renamed tool\'s old address answers 301 to the new one, and so does its id', async () => {
    const { tool } = await toolInCategory();
    expect((await get(`/tools/${tool.slug}`)).statusCode).toBe(200);
    expect((await patchTool(tool._id, { name: 'Soldering Station Pro 2' })).statusCode).toBe(200);
    const old = await get(`/tools/${tool.slug}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/tools/soldering-station-pro-2');
    const moved = await get('/tools/soldering-station-pro-2');
    expect(moved.statusCode).toBe(200);
    expect(parse(moved.body).querySelector('h1')?.textContent).toBe('Soldering Station Pro 2');
    const byId = await get(`/tools/${tool._id}`);
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe('/tools/soldering-station-pro-2');
  });

  it('answers an unknown address 404 with the app\'s not-found page, which search engines skip', async () => {
    for (const url of ['/tools/no-such-tool', '/tools/NOT%20A%20SLUG', '/tools/00000000-0000-4000-8000-000000000000']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      const doc = parse(res.body);
      expect(doc.title).toBe(PAGE_HEADS.notFound.title);
      expect(meta(doc, 'robots')).toBe('noindex');
      expect(doc.getElementById('server-data')).toBeNull();
    }
  });

  it('is kept in memory and drawn again when the tool or its stock changes', async () => {
    const { tool } = await toolInCategory({ availableQty: 50, minQty: 1 });
    const first = await get(`/tools/${tool.slug}`);
    // Kept: the same bytes and validator, and a 304 for a browser that has them.
    const again = await get(`/tools/${tool.slug}`);
    expect(again.body).toBe(first.body);
    expect((await t.app.inject({ method: 'GET', url: `/tools/${tool.slug}`, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);
    expect((await patchTool(tool._id, { availableQty: 3, expectedAvailableQty: 50 })).statusCode).toBe(200);
    const after = parse((await get(`/tools/${tool.slug}`)).body);
    expect(after.querySelector('[data-testid="stock-state"]')?.textContent).toBe(STOCK_TEXTS.fewLeft(3));
  });
});

describe('the other pages\' heads', () => {
  it('gives Home, Our Tools and a category view their own titles and descriptions, and canonical links', async () => {
    const home = parse((await get('/')).body);
    expect(home.title).toBe(PAGE_HEADS.home.title);
    expect(meta(home, 'description')).toBe(PAGE_HEADS.home.description);
    const ourTools = parse((await get('/ourTools')).body);
    expect(ourTools.title).toBe(PAGE_HEADS.ourTools.title);
    expect(ourTools.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${PUBLIC_URL}/ourTools`);
    const { top } = await toolInCategory();
    const category = parse((await get(`/ourTools?category=${top.slug}`)).body);
    expect(category.title).toMatch(/^Electronics tools \d+ \| ToolHouse$/);
    expect(meta(category, 'description')).toMatch(/^Electronics tools \d+ from ToolHouse: 1 tool with specifications/);
    expect(category.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${PUBLIC_URL}/ourTools?category=${top.slug}`);
  });

  it('says noindex on the dashboard, login and cart pages', async () => {
    for (const url of ['/dashboard', '/dashboard/myOrders', '/login', '/cart', '/registration']) {
      const doc = parse((await get(url)).body);
      expect(meta(doc, 'robots'), url).toBe('noindex');
    }
    expect(meta(parse((await get('/aboutUs')).body), 'robots')).toBeNull();
  });

  it('gives each legal page its own title, description and canonical link, indexable (issue 27)', async () => {
    for (const page of ['terms', 'privacy', 'returns', 'imprint'] as const) {
      const res = await get(`/${page}`);
      expect(res.statusCode).toBe(200);
      const doc = parse(res.body);
      expect(doc.title).toBe(PAGE_HEADS[page].title);
      expect(meta(doc, 'description')).toBe(PAGE_HEADS[page].description);
      expect(meta(doc, 'robots')).toBeNull();
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${PUBLIC_URL}/${page}`);
    }
  });
});
