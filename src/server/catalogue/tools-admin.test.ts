import { countAuditEntries } from '../../../tests/support/audit';
import { asc, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { buildProductInput, createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION, type Order, type Tool } from '../../shared';
import { auditLog, tools } from '../db/schema';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A: customer, admin } = cast));

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Everything in the tools table, as stored: "unchanged" means equal to an earlier snapshot. */
const toolRows = () => t.database.db.select().from(tools).orderBy(asc(tools.createdAt), asc(tools.id));
const toolCount = async () => (await t.database.db.select({ n: count() }).from(tools))[0]!.n;
const auditRows = () => t.database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
const auditCount = () => countAuditEntries(t.database.db);
const getTool = (id: string) => t.app.inject({ method: 'GET', url: `/api/items/${id}` });
const totalCount = async () => Number((await t.app.inject({ method: 'GET', url: '/api/items?limit=1' })).headers['x-total-count']);

/** Runs `act` and answers the audit entries it wrote. */
async function auditWrittenBy(act: () => Promise<unknown>) {
  const before = new Set((await auditRows()).map((row) => row.id));
  await act();
  return (await auditRows()).filter((row) => !before.has(row.id));
}

const post = (payload: unknown, user: TestUser | null = admin): InjectOptions => ({
  method: 'POST',
  url: '/api/items',
  headers: user ? bearer(user) : {},
  payload: payload as InjectOptions['payload'],
});
const patch = (id: string, payload: unknown, user: TestUser | null = admin): InjectOptions => ({
  method: 'PATCH',
  url: `/api/items/${id}`,
  headers: user ? bearer(user) : {},
  payload: payload as InjectOptions['payload'],
});
const del = (id: string, user: TestUser | null = admin): InjectOptions => ({
  method: 'DELETE',
  url: `/api/items/${id}`,
  headers: user ? bearer(user) : {},
});

async function placeOrder(buyer: TestUser, toolId: string, quantity: number): Promise<Order> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(buyer),
    payload: { toolId, quantity, address: '1 Buyer Road', phone: '555-0101' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await t.app.inject({ method: 'GET', url: `/api/orders/${res.json().insertedId}`, headers: bearer(buyer) })).json();
}

describe('who may change the catalogue', () => {
  const endpoints: Array<[string, (toolId: string, user: TestUser | null) => InjectOptions]> = [
    ['POST /api/items', (_id, user) => post(buildProductInput(), user)],
    ['PATCH /api/items/:id', (id, user) => patch(id, { name: 'Renamed by a stranger', availableQty: 1 }, user)],
    ['DELETE /api/items/:id', (id, user) => del(id, user)],
  ];
  const callers: Array<['anonymous' | 'customer', number, string]> = [
    ['anonymous', 401, API_ERRORS.signInRequired],
    ['customer', 403, API_ERRORS.forbidden],
  ];

  describe.each(endpoints)('%s', (_name, request) => {
    it.each(callers)('refuses %s callers with %i and changes nothing', async (caller, status, message) => {
      const [tool] = await createTools(t.database.db, 1);
      const [toolsBefore, auditBefore] = [await toolRows(), await auditCount()];
      const res = await t.app.inject(request(tool!.id, caller === 'customer' ? customer : null));
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status, detail: message });
      expect(await toolRows()).toEqual(toolsBefore);
      expect(await auditCount()).toBe(auditBefore);
    });

    it('refuses a customer even with a body the schema would refuse (the role is checked first)', async () => {
      const res = await t.app.inject({ ...request(UNKNOWN_ID, customer), payload: { name: 'x' } });
      expect(res.statusCode).toBe(403);
    });
  });
});

/** What the audit log keeps of a tool: its page's answer without what other rows hold (category path, documents). */
const audited = ({ categoryPath: _path, documents: _documents, ...tool }: Record<string, unknown>) => tool;

describe('POST /api/items', () => {
  it('adds a tool with its price in cents, answers 201 {insertedId} and audits it once', async () => {
    const totalBefore = await totalCount();
    const input = buildProductInput({ price: 19.99, minQty: 3, availableQty: 30 });
    let res!: Awaited<ReturnType<typeof t.app.inject>>;
    const written = await auditWrittenBy(async () => {
      res = await t.app.inject(post(input));
    });
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId } = res.json();
    expect(res.json()).toEqual({ insertedId: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');

    const shown = (await getTool(insertedId)).json();
    // What the store works out itself: an address from the name, the next SKU, Uncategorised, the image as the one photo.
    expect(shown).toEqual({
      _id: insertedId,
      ...input,
      slug: input.name.toLowerCase().replaceAll(' ', '-'),
      sku: expect.stringMatching(/^TH-\d{5}$/),
      categoryId: shown.categoryPath[0]._id,
      taxClass: 'standard',
      categoryPath: [{ _id: expect.any(String), slug: 'uncategorised', name: 'Uncategorised' }],
      specs: [],
      photos: [input.image],
      documents: [],
    });
    const [row] = await t.database.db.select().from(tools).where(eq(tools.id, insertedId));
    expect(row!.priceCents).toBe(1999);

    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'tool.created',
      targetId: insertedId,
      actorId: admin.userId,
      actorEmail: admin.email,
      before: null,
      after: audited(shown),
    });
    // The count cache was forgotten: the catalogue's total includes the new tool at once.
    expect(await totalCount()).toBe(totalBefore + 1);
  });

  it('trims text fields and ignores fields it does not know (role, _id)', async () => {
    const input = buildProductInput();
    const res = await t.app.inject(post({ ...input, name: `  ${input.name}  `, role: 'admin', _id: UNKNOWN_ID, paid: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json().insertedId).not.toBe(UNKNOWN_ID);
    expect((await getTool(res.json().insertedId)).json().name).toBe(input.name);
  });

  it('stores a price like 0.29 or 1.15 exactly, in whole cents', async () => {
    for (const [price, cents] of [
      [0.29, 29],
      [1.15, 115],
      [999_999.99, 99_999_999],
    ] as const) {
      const res = await t.app.inject(post(buildProductInput({ price })));
      const [row] = await t.database.db.select().from(tools).where(eq(tools.id, res.json().insertedId));
      expect(row!.priceCents).toBe(cents);
      expect((await getTool(row!.id)).json().price).toBe(price);
    }
  });

  const omit = (field: keyof ReturnType<typeof buildProductInput>) => {
    const input: Record<string, unknown> = buildProductInput();
    delete input[field];
    return input;
  };
  const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
    ['no name', omit('name'), 'name', VALIDATION.productNameRequired],
    ['no price', omit('price'), 'price', VALIDATION.productPriceRequired],
    ['no image', omit('image'), 'image', VALIDATION.productImageRequired],
    ['no description', omit('description'), 'description', VALIDATION.productDescriptionRequired],
    ['no minQty', omit('minQty'), 'minQty', VALIDATION.productMinQtyRequired],
    ['no availableQty', omit('availableQty'), 'availableQty', VALIDATION.productAvailableQtyRequired],
    ['a blank name', buildProductInput({ name: '   ' }), 'name', VALIDATION.productNameRequired],
    ["the name 'ab'", buildProductInput({ name: 'ab' }), 'name', VALIDATION.productNameTooShort],
    ['a name of 121 characters', buildProductInput({ name: 'n'.repeat(121) }), 'name', VALIDATION.productNameTooLong],
    ['a description of 251 characters', buildProductInput({ description: 'd'.repeat(251) }), 'description', VALIDATION.productDescriptionTooLong],
    ['the price 0', buildProductInput({ price: 0 }), 'price', VALIDATION.productPricePositive],
    ['the price -1', buildProductInput({ price: -1 }), 'price', VALIDATION.productPricePositive],
    ['the price 1.234', buildProductInput({ price: 1.234 }), 'price', VALIDATION.productPriceCents],
    ["the price '12' (a string)", { ...buildProductInput(), price: '12' }, 'price', VALIDATION.productPriceRequired],
    ["the price 'NaN'", { ...buildProductInput(), price: 'NaN' }, 'price', VALIDATION.productPriceRequired],
    ["the price 'Infinity'", { ...buildProductInput(), price: 'Infinity' }, 'price', VALIDATION.productPriceRequired],
    ['the price null', { ...buildProductInput(), price: null }, 'price', VALIDATION.productPriceRequired],
    ['the price 1e9', buildProductInput({ price: 1e9 }), 'price', VALIDATION.productPriceTooHigh],
    ['minQty 0', buildProductInput({ minQty: 0 }), 'minQty', VALIDATION.productMinQtyWhole],
    ['minQty 1.5', buildProductInput({ minQty: 1.5 }), 'minQty', VALIDATION.productMinQtyWhole],
    ["minQty '2' (a string)", { ...buildProductInput(), minQty: '2' }, 'minQty', VALIDATION.productMinQtyRequired],
    ['availableQty -1', buildProductInput({ availableQty: -1 }), 'availableQty', VALIDATION.productAvailableQtyWhole],
    ['availableQty 2.5', buildProductInput({ availableQty: 2.5 }), 'availableQty', VALIDATION.productAvailableQtyWhole],
    ['availableQty above the maximum', buildProductInput({ availableQty: 1_000_001 }), 'availableQty', VALIDATION.productQtyTooLarge],
    ['minQty above availableQty', buildProductInput({ minQty: 11, availableQty: 10 }), 'minQty', VALIDATION.productMinQtyAboveAvailable],
    ['availableQty 0 (a new tool must be sellable)', buildProductInput({ minQty: 1, availableQty: 0 }), 'minQty', VALIDATION.productMinQtyAboveAvailable],
    ['the image javascript:alert(1)', buildProductInput({ image: 'javascript:alert(1)' }), 'image', VALIDATION.productImageInvalid],
    ['the image http://x (not https)', buildProductInput({ image: 'http://x' }), 'image', VALIDATION.productImageInvalid],
    ['the image ftp://example.com/a.png', buildProductInput({ image: 'ftp://example.com/a.png' }), 'image', VALIDATION.productImageInvalid],
    ['the image data:image/png;base64,AAAA', buildProductInput({ image: 'data:image/png;base64,AAAA' }), 'image', VALIDATION.productImageInvalid],
    ['an https image with a password', buildProductInput({ image: 'https://u:p@example.com/a.png' }), 'image', VALIDATION.productImageInvalid],
    ['a relative image path', buildProductInput({ image: '../images/tools/x.svg' }), 'image', VALIDATION.productImageInvalid],
    ['the image of an upload that does not exist', buildProductInput({ image: `/api/images/${UNKNOWN_ID}` }), 'image', API_ERRORS.imageNotFound],
  ];

  it.each(badInputs)('refuses %s with 400 naming the field, and adds nothing', async (_case, payload, field, message) => {
    const [countBefore, auditBefore] = [await toolCount(), await auditCount()];
    const res = await t.app.inject(post(payload));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.detail).toBe(message);
    expect(body.errors).toContainEqual({ field, detail: message });
    expect(await toolCount()).toBe(countBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('refuses a body that is not a JSON object', async () => {
    const countBefore = await toolCount();
    for (const payload of ['[]', '"tool"', 'null']) {
      const res = await t.app.inject({ ...post(undefined), payload, headers: { ...bearer(admin), 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
    expect(await toolCount()).toBe(countBefore);
  });
});

describe('PATCH /api/items/:id', () => {
  async function oneTool(minQty = 2, availableQty = 10): Promise<Tool> {
    const res = await t.app.inject(post(buildProductInput({ minQty, availableQty })));
    return (await getTool(res.json().insertedId)).json();
  }

  it('restocks: sets the stock when it is still what the admin saw, and audits before and after', async () => {
    const tool = await oneTool(2, 10);
    let res!: Awaited<ReturnType<typeof t.app.inject>>;
    const written = await auditWrittenBy(async () => {
      res = await t.app.inject(patch(tool._id, { availableQty: 50, expectedAvailableQty: 10 }));
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await getTool(tool._id)).json().availableQty).toBe(50);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'tool.updated',
      targetId: tool._id,
      actorEmail: admin.email,
      before: audited(tool),
      after: audited({ ...tool, availableQty: 50 }),
    });
  });

  it('refuses a stock change over a sale made meanwhile with 409, and keeps the sale', async () => {
    const tool = await oneTool(2, 10);
    const sold = await placeOrder(customer, tool._id, 3);
    expect((await payWithTestCard(t.app, customer, sold._id)).confirm?.statusCode).toBe(200);
    const written = await auditWrittenBy(async () => {
      const res = await t.app.inject(patch(tool._id, { name: 'Renamed too', availableQty: 50, expectedAvailableQty: 10 }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.stockChangedMeanwhile(7) });
    });
    expect(written).toEqual([]);
    // Nothing of the edit was kept, not even the name.
    expect((await getTool(tool._id)).json()).toEqual({ ...tool, availableQty: 7 });
  });

  it('edits name, price, image and description; an unpaid order keeps what was bought', async () => {
    const tool = await oneTool(1, 20);
    const order = await placeOrder(customer, tool._id, 2);
    const edit = { name: 'Torque Wrench Mk II', price: 64.5, image: 'https://cdn.example.com/new.webp', description: 'Now with a case.' };
    const res = await t.app.inject(patch(tool._id, edit));
    expect(res.json()).toEqual({ modifiedCount: 1 });
    // An unpaid order held nothing: the stock is as it was.
    // A new name, a new address; the new image replaces the main photo.
    expect((await getTool(tool._id)).json()).toEqual({ ...tool, ...edit, availableQty: 20, slug: 'torque-wrench-mk-ii', photos: [edit.image] });
    const after = (await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(customer) })).json();
    expect(after).toEqual(order);
  });

  it('answers modifiedCount 0 and audits nothing when the edit changes nothing', async () => {
    const tool = await oneTool();
    const written = await auditWrittenBy(async () => {
      const res = await t.app.inject(patch(tool._id, { name: tool.name, price: tool.price, availableQty: tool.availableQty }));
      expect(res.json()).toEqual({ modifiedCount: 0 });
    });
    expect(written).toEqual([]);
  });

  it('lets a tool be sold out (stock 0) whatever its minimum', async () => {
    const tool = await oneTool(5, 10);
    const res = await t.app.inject(patch(tool._id, { availableQty: 0 }));
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await getTool(tool._id)).json()).toMatchObject({ minQty: 5, availableQty: 0 });
  });

  it.each([
    ['a minimum above the stock', { minQty: 11 }, 'minQty', VALIDATION.productMinQtyAboveAvailable],
    ['a stock below the minimum', { availableQty: 4 }, 'minQty', VALIDATION.productMinQtyAboveAvailable],
    ['both, inconsistent', { minQty: 8, availableQty: 6 }, 'minQty', VALIDATION.productMinQtyAboveAvailable],
    ['the price 0', { price: 0 }, 'price', VALIDATION.productPricePositive],
    ["the name 'ab'", { name: 'ab' }, 'name', VALIDATION.productNameTooShort],
    ['a description of 251 characters', { description: 'd'.repeat(251) }, 'description', VALIDATION.productDescriptionTooLong],
    ['the image http://x', { image: 'http://x' }, 'image', VALIDATION.productImageInvalid],
    ['the image of an upload that does not exist', { image: `/api/images/${UNKNOWN_ID}` }, 'image', API_ERRORS.imageNotFound],
    ['minQty 0', { minQty: 0 }, 'minQty', VALIDATION.productMinQtyWhole],
    ['availableQty -1', { availableQty: -1 }, 'availableQty', VALIDATION.productAvailableQtyWhole],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, payload, field, message) => {
    const tool = await oneTool(5, 10);
    const auditBefore = await auditCount();
    const res = await t.app.inject(patch(tool._id, payload));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(res.json().errors).toContainEqual({ field, detail: message });
    expect((await getTool(tool._id)).json()).toEqual(tool);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('refuses an empty edit, or one with only expectedAvailableQty', async () => {
    const tool = await oneTool();
    for (const payload of [{}, { expectedAvailableQty: 10 }, { role: 'admin' }]) {
      const res = await t.app.inject(patch(tool._id, payload));
      expect(res.statusCode).toBe(400);
    }
    expect((await getTool(tool._id)).json()).toEqual(tool);
  });

  it.each([UNKNOWN_ID, 'not-an-id', '123'])('answers 404 for the tool %s and audits nothing', async (id) => {
    const auditBefore = await auditCount();
    const res = await t.app.inject(patch(id, { name: 'Nobody home' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.toolNotFound });
    expect(await auditCount()).toBe(auditBefore);
  });
});

describe('DELETE /api/items/:id', () => {
  it('deletes the tool, answers {deletedCount: 1}, audits it once and the catalogue total follows at once', async () => {
    const res = await t.app.inject(post(buildProductInput()));
    const id = res.json().insertedId as string;
    const shown = (await getTool(id)).json();
    const totalBefore = await totalCount();
    let deleted!: Awaited<ReturnType<typeof t.app.inject>>;
    const written = await auditWrittenBy(async () => {
      deleted = await t.app.inject(del(id));
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await getTool(id)).statusCode).toBe(404);
    expect(await totalCount()).toBe(totalBefore - 1);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'tool.deleted', targetId: id, actorEmail: admin.email, before: audited(shown), after: null });

    // Again: the tool is gone.
    const again = await t.app.inject(del(id));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ status: 404, detail: API_ERRORS.toolNotFound });
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 for the tool %s and audits nothing', async (id) => {
    const [countBefore, auditBefore] = [await toolCount(), await auditCount()];
    const res = await t.app.inject(del(id));
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(API_ERRORS.toolNotFound);
    expect(await toolCount()).toBe(countBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('leaves an unpaid order readable as bought, unpayable, and deletable by its buyer', async () => {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 10, priceCents: 2550 });
    const order = await placeOrder(customer, tool!.id, 2);
    expect(order).toMatchObject({ toolId: tool!.id, productName: tool!.name, price: 25.5, total: 51, paid: false });

    expect((await t.app.inject(del(tool!.id))).json()).toEqual({ deletedCount: 1 });

    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(customer) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...order, toolId: null, lines: [{ ...order.lines[0]!, toolId: null }] });
    expect(read.json()).toMatchObject({
      productName: tool!.name,
      productImage: tool!.image,
      description: tool!.description,
      price: 25.5,
      quantity: 2,
    });

    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(customer),
      payload: { orderId: order._id, totalPrice: 51 },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ status: 409, detail: API_ERRORS.toolNoLongerSold });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/order/${order._id}`, headers: bearer(customer) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deletedCount: 1 });
  });
});
