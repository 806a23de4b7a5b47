import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { auditEntriesFor } from '../../../tests/support/audit';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { changeStoreSettings } from '../../../tests/support/store-settings';
import { LIMITS, VALIDATION, type Order } from '../../shared';
import { orderLines, orders, testPaymentIntents, tools } from '../db/schema';

/** Issue 27 (1, 2, 7): tax rates by destination, set by the owner; the tax of an order, and its payment. */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app, 'Carla California')]);
});
afterAll(() => t.close());

const CA = { country: 'US', region: 'US-CA', name: 'CA sales tax', percent: 7.25 };
const US = { country: 'US', name: 'US tax', percent: 1 };
const DE = { country: 'DE', name: 'MwSt', percent: 19 };
const putRates = (payload: unknown, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: user ? bearer(user) : {}, payload: payload as object });
const getRates = (user: TestUser | null = admin) => t.app.inject({ method: 'GET', url: '/api/tax-rates', headers: user ? bearer(user) : {} });
const putSettings = (changes: object) => changeStoreSettings(t.app, admin, changes);
const DELIVERY = { address: '1 Sunset Blvd, Los Angeles', phone: '555-0127' };
const readOrder = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(buyer) })).json<Order>();

/** Two tools at $19.99 and $45.50 (the cart's order) or one (the purchase page's). */
async function pricedTools(...prices: number[]) {
  const made = await createTools(t.database.db, prices.length, { minQty: 1, availableQty: 50 });
  for (const [i, tool] of made.entries()) await t.database.db.update(tools).set({ priceCents: prices[i]! }).where(eq(tools.id, tool.id));
  return made;
}
async function placeCart(destination: object, prices = [1999, 4550]) {
  const made = await pricedTools(...prices);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer),
    payload: { lines: made.map((tool) => ({ toolId: tool.id, quantity: 1 })), ...DELIVERY, ...destination },
  });
  return res;
}
async function placedOrder(destination: object, prices?: number[]) {
  const res = await placeCart(destination, prices);
  expect(res.statusCode).toBe(201);
  return readOrder(res.json().insertedId);
}

beforeEach(async () => {
  expect((await putRates([])).statusCode).toBe(200);
  await putSettings({ country: 'US', pricesIncludeTax: false });
});

describe('the tax rates', () => {
  it('start empty; an admin replaces the whole list, read back by destination, audited', async () => {
    expect((await getRates()).json()).toEqual([]);
    const res = await putRates([DE, CA, US, { country: 'us', region: 'us-ny', name: 'NY sales tax', percent: 8.875 }]);
    expect(res.statusCode).toBe(200);
    const saved = [DE, { ...US, region: null }, CA, { country: 'US', region: 'US-NY', name: 'NY sales tax', percent: 8.875 }].map((rate) => ({ region: null, taxClass: 'standard', ...rate }));
    expect(res.json()).toEqual(saved);
    expect((await getRates()).json()).toEqual(saved);
    expect((await putRates([CA])).json()).toEqual([{ ...CA, taxClass: 'standard' }]);
    const [entry] = await auditEntriesFor(t.database.db, 'tax-rates', 'tax_rates.updated');
    expect(entry).toMatchObject({ actorEmail: admin.email });
  });

  it('are for admins only', async () => {
    expect((await getRates(null)).statusCode).toBe(401);
    expect((await getRates(buyer)).statusCode).toBe(403);
    expect((await putRates([CA], buyer)).statusCode).toBe(403);
  });

  it.each([
    ['a negative rate', [{ ...DE, percent: -1 }], '0.percent', VALIDATION.taxPercentInvalid],
    ['a rate above 100', [{ ...DE, percent: 100.001 }], '0.percent', VALIDATION.taxPercentInvalid],
    ['four decimals', [{ ...DE, percent: 7.2501 }], '0.percent', VALIDATION.taxPercentDecimals],
    ['a country that is no code', [{ ...DE, country: 'Germany' }], '0.country', VALIDATION.countryInvalid],
    ['an unknown country', [CA, { ...DE, country: 'XX' }], '1.country', VALIDATION.countryUnknown],
    ['an unknown region', [{ ...CA, region: 'US-ZZ' }], '0.region', VALIDATION.regionUnknown],
    ["another country's region", [{ ...CA, region: 'DE-BY' }], '0.region', VALIDATION.regionUnknown],
    ['two rates for one region', [CA, DE, { ...CA, name: 'Again' }], '2.region', VALIDATION.taxRateRepeated],
    ['two rates for one country', [US, { ...US, percent: 2 }], '1.country', VALIDATION.taxRateRepeated],
    ['markup in the name', [{ ...DE, name: '<b>VAT</b>' }], '0.name', VALIDATION.taxNameMarkup],
    ['no name', [{ ...DE, name: ' ' }], '0.name', VALIDATION.taxNameRequired],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, list, field, detail) => {
    await putRates([US]);
    const res = await putRates(list);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field, detail }] });
    expect((await getRates()).json()).toEqual([{ ...US, region: null, taxClass: 'standard' }]);
  });

  it(`refuses more than ${LIMITS.taxRatesMax} rows with 400, and a list of 10,000 with 413 (past the body limit), changing nothing`, async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ country: 'US', region: `US-${i}`, name: 'x', percent: 1 }));
    const tooMany = await putRates(rows(LIMITS.taxRatesMax + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toContainEqual({ field: 'body', detail: VALIDATION.taxRatesTooMany });
    const huge = await putRates(rows(10_000));
    expect(huge.statusCode).toBe(413);
    expect((await getRates()).json()).toEqual([]);
  });

  it("are public to buyers' forms with the seller's country and the regions' names", async () => {
    await putRates([CA, US]);
    const config = (await t.app.inject({ method: 'GET', url: '/api/tax-config' })).json();
    expect(config).toMatchObject({ country: 'US', pricesIncludeTax: false, regions: [{ code: 'US-CA', name: 'California' }] });
    expect(config.rates).toHaveLength(2);
    expect(config.countries).toContainEqual({ code: 'DE', name: 'Germany' });
  });

  it('are answered from memory, yet a change to the rates or the settings shows at the next read, and browsers revalidate', async () => {
    const readConfig = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/tax-config', headers });
    const first = await readConfig();
    expect(first.json()).toMatchObject({ pricesIncludeTax: false, rates: [] });
    expect(first.headers['cache-control']).toMatch(/no-cache/);
    expect((await readConfig({ 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    await putRates([CA]);
    const afterRates = await readConfig({ 'if-none-match': String(first.headers.etag) });
    expect(afterRates.statusCode).toBe(200);
    expect(afterRates.json().rates).toEqual([{ ...CA, percent: 7.25, taxClass: 'standard' }]);

    await putSettings({ country: 'DE', pricesIncludeTax: true });
    expect((await readConfig()).json()).toMatchObject({ country: 'DE', pricesIncludeTax: true });
  });
});

describe('the tax of an order', () => {
  it('is nothing without rates: total = subtotal, as before', async () => {
    const order = await placedOrder({});
    expect(order).toMatchObject({ subtotal: 65.49, tax: 0, taxLines: [], total: 65.49, country: 'US', region: null });
  });

  it("adds the region's rate to net prices, per line rounded half up, and the payment asks for the total with tax", async () => {
    await putRates([US, CA]);
    const order = await placedOrder({ country: 'US', region: 'US-CA' });
    // 19.99 × 7.25 % = 1.449… → 1.45; 45.50 × 7.25 % = 3.29875 → 3.30.
    expect(order.lines.map((line) => [line.taxPercent, line.tax])).toEqual([[7.25, 1.45], [7.25, 3.3]]);
    expect(order).toMatchObject({ subtotal: 65.49, tax: 4.75, taxLines: [{ name: 'CA sales tax', percent: 7.25, amount: 4.75 }], total: 70.24, region: 'US-CA' });

    const { intent, confirm } = await payWithTestCard(t.app, buyer, order._id);
    expect(confirm?.statusCode).toBe(200);
    const [paidIntent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, intent.json().clientSecret));
    expect(paidIntent?.amountCents).toBe(7024);
    expect(await readOrder(order._id)).toMatchObject({ paid: true, total: 70.24 });
    const invoice = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/invoice.pdf`, headers: bearer(buyer) });
    expect(invoice.statusCode).toBe(200);
  });

  it("takes the country's rate for a region without one, and none for a country without rates", async () => {
    await putRates([US, CA]);
    // Per line, half up: 0.1999 → 0.20 and 0.455 → 0.46 (not 1 % of the sum, 0.65).
    expect(await placedOrder({ country: 'US', region: 'US-TX' })).toMatchObject({ tax: 0.66, total: 66.15, taxLines: [{ name: 'US tax', percent: 1 }] });
    expect(await placedOrder({ country: 'FR' })).toMatchObject({ tax: 0, total: 65.49, taxLines: [], country: 'FR' });
  });

  it("is the part of gross prices that is tax when prices include it: the total stays the prices' sum", async () => {
    await putSettings({ country: 'DE', pricesIncludeTax: true });
    await putRates([DE]);
    // 119.00 holds 19.00; 10.00 holds 1.596… → 1.60.
    const order = await placedOrder({}, [11_900, 1000]);
    expect(order).toMatchObject({ country: 'DE', pricesIncludeTax: true, subtotal: 129, tax: 20.6, total: 129, taxLines: [{ name: 'MwSt', percent: 19, amount: 20.6 }] });
    const { intent } = await payWithTestCard(t.app, buyer, order._id);
    const [paidIntent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, intent.json().clientSecret));
    expect(paidIntent?.amountCents).toBe(12_900);
  });

  it("goes to the seller's country when the spec's payload names none (POST /api/order)", async () => {
    await putSettings({ country: 'DE' });
    await putRates([DE, CA]);
    const [tool] = await pricedTools(1000);
    const res = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(buyer), payload: { toolId: tool!.id, quantity: 2, ...DELIVERY } });
    expect(res.statusCode).toBe(201);
    expect(await readOrder(res.json().insertedId)).toMatchObject({ country: 'DE', region: null, subtotal: 20, tax: 3.8, total: 23.8, price: 10 });
  });

  it('keeps the rates it was placed with when the rates change afterwards', async () => {
    await putRates([CA]);
    const order = await placedOrder({ country: 'US', region: 'US-CA' });
    await putRates([{ ...CA, percent: 10, name: 'New CA tax' }]);
    await putSettings({ pricesIncludeTax: true });
    expect(await readOrder(order._id)).toEqual(order);
    const { confirm } = await payWithTestCard(t.app, buyer, order._id);
    expect(confirm?.statusCode).toBe(200);
    expect(await readOrder(order._id)).toMatchObject({ tax: 4.75, total: 70.24, taxLines: [{ name: 'CA sales tax' }] });
  });

  it.each([
    ['an unknown country', { country: 'XX' }, 'country', VALIDATION.countryUnknown],
    ['a country that is no code', { country: 'USA' }, 'country', VALIDATION.countryInvalid],
    ['an unknown region', { country: 'US', region: 'US-ZZ' }, 'region', VALIDATION.regionUnknown],
    ["another country's region", { country: 'US', region: 'DE-BY' }, 'region', VALIDATION.regionUnknown],
    ["a region outside the seller's country", { region: 'DE-BY' }, 'region', VALIDATION.regionUnknown],
  ])('refuses %s with 400 naming the field, and places nothing', async (_case, destination, field, detail) => {
    const before = await t.database.db.$count(orders);
    const res = await placeCart(destination);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field, detail }] });
    expect(await t.database.db.$count(orders)).toBe(before);
  });

  it('stores each line’s rate and tax in cents, and the destination on the order', async () => {
    await putRates([CA]);
    const order = await placedOrder({ country: 'us', region: 'us-ca' });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
    expect(lines.map((line) => [line.taxName, line.taxPercentMilli, line.taxCents]).sort()).toEqual([
      ['CA sales tax', 7250, 145],
      ['CA sales tax', 7250, 330],
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ country: 'US', region: 'US-CA', subtotalCents: 6549, taxCents: 475, totalCents: 7024 });
  });
});

describe("the seller's country and prices with tax (settings)", () => {
  it('refuses an unknown country naming the field', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(admin) })).json();
    const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(admin), payload: { ...current, taxId: '', notifyEmail: '', country: 'XX' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'country', detail: VALIDATION.countryUnknown }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(admin) })).json()).toMatchObject({ country: 'US' });
  });
});
