import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { Category, ToolDetail } from '../../shared';
import { seedIfEmpty } from '../seed/seed';
import { SEED_DATASHEET_TOOL, SEED_TOOLS } from '../seed/seed-data';
import { readPdfText } from '../invoices/pdf-text.testing';
import { isPdf } from './pdf-bytes';
import { slugFromName } from './slugs';

/**
 * Issue 24: the demo catalogue a fresh store is seeded with (db/seed.ts), as the API shows it: in
 * categories, with specifications, and a datasheet that really is a PDF. (In catalogue/: the
 * database's own folder may not import the catalogue's modules.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect((await seedIfEmpty(t.database.db)).tools).toBe(SEED_TOOLS.length);
});
afterAll(() => t.close());

describe('the seeded catalogue', () => {
  const detail = async (slug: string): Promise<ToolDetail> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/items/${slug}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('sorts the tools into at least 3 top-level categories, two levels deep, every tool in one', async () => {
    const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json() as Category[];
    const tops = categories.filter((category) => category.parentId === null);
    expect(tops.filter((category) => category.toolCount > 0).length).toBeGreaterThanOrEqual(3);
    expect(categories.some((category) => category.parentId !== null && category.toolCount > 0)).toBe(true);
    expect(tops.reduce((sum, category) => sum + category.toolCount, 0)).toBe(SEED_TOOLS.length);
    for (const sub of categories.filter((category) => category.parentId !== null)) {
      expect(tops.map((top) => top._id)).toContain(sub.parentId);
    }
    for (const top of tops.filter((category) => category.toolCount > 0)) {
      const listed = await t.app.inject({ method: 'GET', url: `/api/items?category=${top.slug}` });
      expect(listed.headers['x-total-count']).toBe(String(top.toolCount));
    }
  });

  it('gives each tool the address its name makes and a unique SKU, and at least 6 tools three or more specifications', async () => {
    const details: ToolDetail[] = [];
    for (const tool of SEED_TOOLS) details.push(await detail(tool.slug));
    expect(details.map((tool) => tool.slug)).toEqual(SEED_TOOLS.map((tool) => slugFromName(tool.name, 'unused')));
    expect(new Set(details.map((tool) => tool.sku.toUpperCase())).size).toBe(SEED_TOOLS.length);
    expect(details.filter((tool) => tool.specs.length >= 3).length).toBeGreaterThanOrEqual(6);
    for (const tool of details) {
      expect(tool.categoryPath.length).toBeGreaterThanOrEqual(1);
      expect(tool.photos[0]).toBe(tool.image);
    }
  });

  it('includes a datasheet that really is a PDF, about its tool', async () => {
    const tool = await detail(SEED_DATASHEET_TOOL);
    expect(tool.documents).toEqual([{ _id: expect.any(String), name: 'Datasheet', url: expect.stringMatching(/^\/api\/documents\//), size: expect.any(Number) }]);
    const file = await t.app.inject({ method: 'GET', url: tool.documents[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.length).toBe(tool.documents[0]!.size);
    expect(isPdf(file.rawPayload)).toBe(true);
    const text = await readPdfText(file.rawPayload);
    expect(text).toContain(tool.name);
    expect(text).toContain(tool.sku);
    for (const spec of tool.specs) expect(text).toContain(spec.name);
  });
});
