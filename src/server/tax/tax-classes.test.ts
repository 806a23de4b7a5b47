import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { buildProductInput, createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { changeStoreSettings } from '../../../tests/support/store-settings';
import { VALIDATION, type Order, type TaxClass } from '../../shared';
import { readPdfText } from '../invoices/pdf-text.testing';
import { orderLines, testPaymentIntents, tools } from '../db/schema';

/**
 * Issue 27 item 1: a tax class per tool (standard, reduced, exempt) with a rate per class and
 * destination. Each line of an order pays its own tool's rate; the invoice and the e-invoice say
 * which lines were exempt.
 */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app, 'Dora Dresden')]);
});
afterAll(() => t.close());

const DE = { country: 'DE', name: 'MwSt', percent: 19 };
const DE_REDUCED = { country: 'DE', name: 'MwSt ermäßigt', percent: 7, taxClass: 'reduced' };
const US = { country: 'US', name: 'US tax', percent: 5 };
const DELIVERY = { address: 'Prager Straße 1, 01069 Dresden', phone: '+49 351 000000' };

const putRates = (payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: bearer(admin), payload: payload as object });
const getRates = async () => (await t.app.inject({ method: 'GET', url: '/api/tax-rates', headers: bearer(admin) })).json();
const readOrder = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(buyer) })).json<Order>();
const putSettings = (changes: object) => changeStoreSettings(t.app, admin, changes);

/** One tool per [price in cents, class], one unit of each in the cart, to `destination`. */
async function placedOrder(destination: object, items: Array<[number, TaxClass]>) {
  const made = await createTools(t.database.db, items.length, { minQty: 1, availableQty: 50 });
  for (const [i, tool] of made.entries()) {
    const [priceCents, taxClass] = items[i]!;
    await t.database.db.update(tools).set({ priceCents, taxClass }).where(eq(tools.id, tool.id));
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer),
    payload: { lines: made.map((tool) => ({ toolId: tool.id, quantity: 1 })), ...DELIVERY, ...destination },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: await readOrder(res.json().insertedId), made };
}

beforeEach(async () => {
  expect((await putRates([])).statusCode).toBe(200);
  await putSettings({ country: 'DE', pricesIncludeTax: false });
});

describe('rates per class', () => {
  it('keep a standard and a reduced rate for one destination; a rate without a class is standard', async () => {
    // A region's reduced rate beside its country's standard one.
    const res = await putRates([DE_REDUCED, DE, { ...US, region: 'US-CA', percent: 2, taxClass: 'reduced' }, US]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await getRates()).toEqual([
      { ...DE, region: null, taxClass: 'standard' },
      { ...DE_REDUCED, region: null },
      { ...US, region: null, taxClass: 'standard' },
      { ...US, region: 'US-CA', percent: 2, taxClass: 'reduced' },
    ]);
    const config = (await t.app.inject({ method: 'GET', url: '/api/tax-config' })).json();
    expect(config.rates.map((rate: { taxClass: string }) => rate.taxClass)).toEqual(['standard', 'reduced', 'standard', 'reduced']);
  });

  it.each([
    ['two reduced rates for one destination', [DE, DE_REDUCED, { ...DE_REDUCED, percent: 5 }], '2.country', VALIDATION.taxRateRepeated],
    ['a rate for exempt tools', [{ ...DE, taxClass: 'exempt' }], '0.taxClass', VALIDATION.taxRateClassInvalid],
    ['a class nobody knows', [{ ...DE, taxClass: 'luxury' }], '0.taxClass', VALIDATION.taxRateClassInvalid],
    ['a class that is no text', [{ ...DE, taxClass: 7 }], '0.taxClass', VALIDATION.taxRateClassInvalid],
    ['a reduced rate where no standard rate applies', [DE, { ...DE_REDUCED, country: 'FR' }], '1.taxClass', VALIDATION.taxRateReducedWithoutStandard],
    ["a region's reduced rate beside another region's standard one", [{ ...US, region: 'US-NY' }, { ...US, region: 'US-CA', taxClass: 'reduced' }], '1.taxClass', VALIDATION.taxRateReducedWithoutStandard],
  ])('refuse %s with 400 naming the field, changing nothing', async (_case, list, field, detail) => {
    expect((await putRates([DE])).statusCode).toBe(200);
    const res = await putRates(list);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field, detail }] });
    expect(await getRates()).toEqual([{ ...DE, region: null, taxClass: 'standard' }]);
  });
});

describe("a tool's class in the back office", () => {
  it('is standard unless the admin chooses another, is answered with the tool, and can be changed', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput() });
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${plain.json().insertedId}` })).json().taxClass).toBe('standard');

    const created = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: { ...buildProductInput(), taxClass: 'reduced' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().insertedId;
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json().taxClass).toBe('reduced');

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload: { taxClass: 'exempt' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/items?limit=100' })).json();
    expect(listed.find((tool: { _id: string }) => tool._id === id)?.taxClass).toBe('exempt');
  });

  it.each([['an unknown class', 'zero'], ['a number', 1], ['markup', '<b>exempt</b>']])('refuses %s with 400 naming the field, changing nothing', async (_case, taxClass) => {
    const created = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput() });
    const id = created.json().insertedId;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload: { taxClass } });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors).toContainEqual({ field: 'taxClass', detail: VALIDATION.taxClassInvalid });
    const posted = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: { ...buildProductInput(), taxClass } });
    expect(posted.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json().taxClass).toBe('standard');
  });

  it('cannot be set by a customer', async () => {
    const [tool] = await createTools(t.database.db, 1);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/items/${tool!.id}`, headers: bearer(buyer), payload: { taxClass: 'exempt' } });
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.db.select({ taxClass: tools.taxClass }).from(tools).where(eq(tools.id, tool!.id));
    expect(row?.taxClass).toBe('standard');
  });
});

describe('an order of tools of several classes', () => {
  it('taxes each line at its class’s rate, sums tax per rate, and asks the payment for the total with tax', async () => {
    expect((await putRates([DE, DE_REDUCED])).statusCode).toBe(200);
    const { order } = await placedOrder({}, [
      [10_000, 'standard'],
      [5000, 'reduced'],
      [2000, 'exempt'],
    ]);
    expect(order.lines.map((line) => [line.taxPercent, line.tax])).toEqual([
      [19, 19],
      [7, 3.5],
      [0, 0],
    ]);
    expect(order).toMatchObject({
      subtotal: 170,
      tax: 22.5,
      total: 192.5,
      taxLines: [
        { name: 'MwSt', percent: 19, amount: 19 },
        { name: 'MwSt ermäßigt', percent: 7, amount: 3.5 },
      ],
    });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
    expect(lines.sort((a, b) => a.position - b.position).map((line) => line.taxClass)).toEqual(['standard', 'reduced', 'exempt']);

    const { intent, confirm } = await payWithTestCard(t.app, buyer, order._id);
    expect(confirm?.statusCode).toBe(200);
    const [paid] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, intent.json().clientSecret));
    expect(paid?.amountCents).toBe(19_250);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/invoice.pdf`, headers: bearer(buyer) });
    const text = (await readPdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const row of ['MwSt 19% $100.00 $19.00 $119.00', 'MwSt ermäßigt 7% $50.00 $3.50 $53.50', 'Tax exempt 0% $20.00 $0.00 $20.00', 'Total (USD) $192.50']) {
      expect(text).toContain(row);
    }
    const xml = (await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/invoice.xml`, headers: bearer(buyer) })).body;
    expect([...xml.matchAll(/<cac:ClassifiedTaxCategory>\s*<cbc:ID>(\w+)<\/cbc:ID>/g)].map((match) => match[1])).toEqual(['S', 'S', 'E']);
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="USD">192.50</cbc:TaxInclusiveAmount>');
  });

  it('gives a reduced tool the standard rate where no reduced rate is set, and an exempt tool none anywhere', async () => {
    expect((await putRates([DE, DE_REDUCED, US])).statusCode).toBe(200);
    const { order } = await placedOrder({ country: 'US', region: 'US-TX' }, [
      [1000, 'reduced'],
      [1000, 'exempt'],
    ]);
    expect(order.lines.map((line) => line.taxPercent)).toEqual([5, 0]);
    expect(order).toMatchObject({ tax: 0.5, total: 20.5, taxLines: [{ name: 'US tax', percent: 5, amount: 0.5 }] });
  });

  it('takes a reduced tool’s own rate out of a gross price under reverse charge', async () => {
    await putSettings({ country: 'DE', pricesIncludeTax: true });
    expect((await putRates([{ country: 'FR', name: 'TVA', percent: 20 }, { country: 'FR', name: 'TVA réduite', percent: 5.5, taxClass: 'reduced' }])).statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/user/${buyer.email}`, headers: bearer(buyer), payload: { companyName: 'Atelier SARL', taxId: 'FR40303265045' } });
    try {
      // €120.00 incl. 20 % is €100.00 net; €105.50 incl. 5.5 % is €100.00 net.
      const { order } = await placedOrder({ country: 'FR' }, [
        [12_000, 'standard'],
        [10_550, 'reduced'],
      ]);
      expect(order).toMatchObject({ reverseCharge: true, tax: 0, total: 200 });
      expect(order.lines.map((line) => line.price)).toEqual([100, 100]);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/user/${buyer.email}`, headers: bearer(buyer), payload: { companyName: '', taxId: '' } });
    }
  });

  it('keeps its lines’ rates when the tool’s class changes afterwards', async () => {
    expect((await putRates([DE, DE_REDUCED])).statusCode).toBe(200);
    const { order, made } = await placedOrder({}, [[5000, 'reduced']]);
    await t.database.db.update(tools).set({ taxClass: 'standard' }).where(eq(tools.id, made[0]!.id));
    expect(await readOrder(order._id)).toEqual(order);
    const { confirm } = await payWithTestCard(t.app, buyer, order._id);
    expect(confirm?.statusCode).toBe(200);
    expect(await readOrder(order._id)).toMatchObject({ tax: 3.5, total: 53.5 });
  });
});
