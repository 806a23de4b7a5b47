import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { auditEntriesFor } from '../../../tests/support/audit';
import { createTools } from '../../../tests/support/factories';
import { placeOrderByApi } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { LEGAL_PAGES, LEGAL_TEXT_MAX_LENGTH, VALIDATION, type LegalPage } from '../../shared';
import { legalTextVersions, orders } from '../db/schema';
import { LEGAL_TEMPLATE_NOTICE, LEGAL_TEMPLATES } from '../seed/legal-templates';
import { seedIfEmpty } from '../seed/seed';

/** Issue 27 item 5: the legal pages' texts, their versions, and the terms an order was placed under. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, customer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app)]);
});
afterAll(() => t.close());

const read = (page: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/legal/${page}`, headers });
const save = (page: LegalPage, payload: unknown, user: TestUser | null = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/settings/legal/${page}`,
    headers: user ? bearer(user) : {},
    payload: payload as Record<string, unknown>,
  });
const versionsOf = (page: LegalPage) =>
  t.database.db.select().from(legalTextVersions).where(eq(legalTextVersions.page, page)).orderBy(asc(legalTextVersions.version));
const termsVersionOf = async (orderId: string) =>
  (await t.database.db.select({ v: orders.termsVersion }).from(orders).where(eq(orders.id, orderId)))[0]!.v;

describe('the legal pages', () => {
  it('read as empty, version 0, before the store has any text (a store not seeded)', async () => {
    for (const page of LEGAL_PAGES) expect((await read(page)).json()).toEqual({ page, text: '', version: 0, updatedAt: null });
    expect((await read('cookies')).statusCode).toBe(400);
  });

  it('get their templates from the seed, each saying at its top that it must be reviewed, and keep the owner\'s text at the next start', async () => {
    await seedIfEmpty(t.database.db);
    for (const page of LEGAL_PAGES) {
      const res = await read(page);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page, text: LEGAL_TEMPLATES[page], version: 1 });
      expect(res.json().text.startsWith(LEGAL_TEMPLATE_NOTICE)).toBe(true);
      expect(LEGAL_TEMPLATE_NOTICE).toMatch(/template.*review.*lawyer/is);
    }
    expect(await versionsOf('privacy')).toMatchObject([{ version: 1, text: LEGAL_TEMPLATES.privacy, createdBy: null }]);
    expect((await save('privacy', { text: '# Our privacy policy' })).statusCode).toBe(200);
    await seedIfEmpty(t.database.db);
    expect((await read('privacy')).json()).toMatchObject({ text: '# Our privacy policy', version: 2 });
  });

  it('are public and cached like the catalogue: revalidated by ETag, and changed at once when an admin saves one', async () => {
    const first = await read('returns');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await read('returns', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await save('returns', { text: 'Returns within 60 days.' })).statusCode).toBe(200);
    const changed = await read('returns', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ text: 'Returns within 60 days.' });
  });

  it('an admin saves the terms: a new version each time the text changes, every version kept, audited', async () => {
    const before = (await read('terms')).json();
    const res = await save('terms', { text: '# Terms\n\nVersion two.' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ page: 'terms', text: '# Terms\n\nVersion two.', version: before.version + 1 });
    expect((await read('terms')).json()).toEqual(res.json());
    // The same text again is no new version.
    expect((await save('terms', { text: '# Terms\n\nVersion two.' })).json().version).toBe(before.version + 1);
    expect((await save('terms', { text: '# Terms\n\nVersion three.' })).json().version).toBe(before.version + 2);
    const kept = await versionsOf('terms');
    expect(kept.map((row) => row.version)).toEqual([1, 2, 3]);
    expect(kept.slice(1).map((row) => [row.text, row.createdBy])).toEqual([
      ['# Terms\n\nVersion two.', admin.userId],
      ['# Terms\n\nVersion three.', admin.userId],
    ]);
    const entries = await auditEntriesFor(t.database.db, 'terms', 'legal.updated');
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => entry.after)).toEqual(expect.arrayContaining([{ version: 3, characters: 23 }]));
    // The admin's list shows every page as it is now.
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/legal', headers: bearer(admin) });
    expect(list.json().map((page: { page: string; version: number }) => [page.page, page.version])).toEqual([
      ['terms', 3],
      ['privacy', 2],
      ['returns', 2],
      ['imprint', 1],
    ]);
  });

  it('two saves at once make two versions, neither lost', async () => {
    const [a, b] = await Promise.all([save('imprint', { text: 'Imprint A' }), save('imprint', { text: 'Imprint B' })]);
    expect([a.json().version, b.json().version].sort()).toEqual([2, 3]);
    expect((await versionsOf('imprint')).map((row) => row.version)).toEqual([1, 2, 3]);
  });

  it('are written by admins only', async () => {
    const before = (await read('terms')).json();
    expect((await save('terms', { text: 'Mine now' }, null)).statusCode).toBe(401);
    expect((await save('terms', { text: 'Mine now' }, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/legal', headers: bearer(customer) })).statusCode).toBe(403);
    expect((await read('terms')).json()).toEqual(before);
  });

  it.each([
    ['a text of a megabyte', 'x'.repeat(1024 * 1024), 413, VALIDATION.legalTextTooLong],
    ['a text one character too long', 'x'.repeat(LEGAL_TEXT_MAX_LENGTH + 1), 400, VALIDATION.legalTextTooLong],
    ['a NUL character', 'Terms\u0000', 400, VALIDATION.controlCharacters],
    ['no text at all', undefined, 400, VALIDATION.legalTextTooLong],
  ])('refuses %s naming the field, and changes nothing', async (_case, text, status, detail) => {
    const before = (await read('terms')).json();
    const kept = (await versionsOf('terms')).length;
    const res = await save('terms', text === undefined ? {} : { text });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, errors: [{ field: 'text', detail }] });
    expect((await read('terms')).json()).toEqual(before);
    expect(await versionsOf('terms')).toHaveLength(kept);
  });

  it('takes the longest text allowed', async () => {
    const res = await save('returns', { text: 'é'.repeat(LEGAL_TEXT_MAX_LENGTH) });
    expect(res.statusCode).toBe(200);
    expect((await read('returns')).json().text).toHaveLength(LEGAL_TEXT_MAX_LENGTH);
  });

  it('keeps markup as the text it is: stored and served as written, never as HTML', async () => {
    const hostile = '# Terms\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))';
    expect((await save('privacy', { text: hostile })).statusCode).toBe(200);
    const res = await read('privacy');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().text).toBe(hostile);
  });
});

describe('an order and the terms', () => {
  it('records the terms version in force when it was placed, set by the server; an older order keeps its own', async () => {
    const [tool] = await createTools(t.database.db, 1, { availableQty: 100, minQty: 1 });
    const current = (await read('terms')).json().version as number;
    const first = await placeOrderByApi(t.app, customer, tool!.id, 1);
    expect(first.statusCode).toBe(201);
    const firstId = first.json().insertedId as string;
    expect(await termsVersionOf(firstId)).toBe(current);

    expect((await save('terms', { text: '# Terms\n\nA newer version.' })).json().version).toBe(current + 1);
    // A client cannot choose the version.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer),
      payload: { toolId: tool!.id, quantity: 1, address: '5 Rush Street, Dayton', phone: '555-0150', termsVersion: 1 },
    });
    expect(second.statusCode).toBe(201);
    expect(await termsVersionOf(second.json().insertedId)).toBe(current + 1);
    expect(await termsVersionOf(firstId)).toBe(current);

    // The cart's order too.
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer),
      payload: { lines: [{ toolId: tool!.id, quantity: 2 }], address: '5 Rush Street, Dayton', phone: '555-0150' },
    });
    expect(cart.statusCode).toBe(201);
    expect(await termsVersionOf(cart.json().insertedId)).toBe(current + 1);
    // Admins read it with the order.
    const seen = await t.app.inject({ method: 'GET', url: `/api/orders/${firstId}`, headers: bearer(admin) });
    expect(seen.json()).toMatchObject({ _id: firstId, termsVersion: current });
  });
});
