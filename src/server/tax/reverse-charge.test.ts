import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { auditEntriesFor } from '../../../tests/support/audit';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { changeStoreSettings, readStoreSettings, settingsPayload } from '../../../tests/support/store-settings';
import { API_ERRORS, VALIDATION, type Order } from '../../shared';
import { orderLines, testPaymentIntents, tools, users } from '../db/schema';

/**
 * Issue 27 item 3: EU business buyers. A VAT number on the profile is checked (jsvat); an order to
 * another EU country than the seller's, by a business with a valid VAT number, is placed under
 * reverse charge (no VAT, net prices); the owner may ask to review such orders before shipping.
 */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app, 'Berta Berlin')]);
});
afterAll(() => t.close());

/** Valid numbers (their check digits hold): a German, a French and a Greek company. */
const DE_VAT = 'DE136695976';
const FR_VAT = 'FR40303265045';
const FR = { country: 'FR', name: 'TVA', percent: 20 };
const DE = { country: 'DE', name: 'MwSt', percent: 19 };
const DELIVERY = { address: 'Friedrichstraße 12, 10117 Berlin', phone: '+49 30 1234567' };

const putProfile = (changes: object, user: TestUser = buyer) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${user.email}`, headers: bearer(user), payload: changes });
const getProfile = async (user: TestUser = buyer) => (await t.app.inject({ method: 'GET', url: `/api/user/${user.email}`, headers: bearer(user) })).json();
const getSettings = () => readStoreSettings(t.app, admin);
const putSettings = (changes: object) => changeStoreSettings(t.app, admin, changes);
const putRates = async (rates: object[]) => expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: bearer(admin), payload: rates })).statusCode).toBe(200);
const readOrder = async (id: string, user: TestUser = buyer) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(user) })).json<Order>();
const ship = (id: string, user: TestUser = admin) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/ship`, headers: bearer(user), payload: { carrier: 'DHL' } });
const confirmVat = (id: string, user: TestUser = admin) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/confirm-vat-number`, headers: bearer(user) });

/** A cart of tools at these prices (gross €119.00 and €10.00 unless given), one of each, to `destination`. */
async function placedOrder(destination: object, prices = [11_900, 1000]) {
  const made = await createTools(t.database.db, prices.length, { minQty: 1, availableQty: 50 });
  for (const [i, tool] of made.entries()) await t.database.db.update(tools).set({ priceCents: prices[i]! }).where(eq(tools.id, tool.id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer),
    payload: { lines: made.map((tool) => ({ toolId: tool.id, quantity: 1 })), ...DELIVERY, ...destination },
  });
  expect(res.statusCode).toBe(201);
  return readOrder(res.json().insertedId);
}
async function paidAmountCents(orderId: string) {
  const { intent, confirm } = await payWithTestCard(t.app, buyer, orderId);
  expect(confirm?.statusCode).toBe(200);
  const [paid] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, intent.json().clientSecret));
  return paid?.amountCents;
}

beforeEach(async () => {
  // An EU consumer store in France: gross prices, a French and a German rate (OSS).
  await putSettings({ country: 'FR', pricesIncludeTax: true, reviewReverseCharge: false, taxId: FR_VAT });
  await putRates([FR, DE]);
  expect((await putProfile({ companyName: 'Berlin Werkzeug GmbH', taxId: DE_VAT })).statusCode).toBe(200);
});

describe('the tax id on the profile', () => {
  it.each([
    ['a German VAT number, stored compact', 'de 136 695-976', DE_VAT],
    ['a Greek one (EL)', 'EL094259216', 'EL094259216'],
    ["a Greek one given with Greece's ISO code", 'GR094259216', 'EL094259216'],
    ['a Northern Irish one (XI, checked as a UK number)', 'XI 980 7806 84', 'XI980780684'],
    ['a US EIN, as typed', 'US-12-3456789', 'US-12-3456789'],
    ['a bare EIN, as typed', '12-3456789', '12-3456789'],
    ['a British number (outside the EU: kept as typed, never reverse charge)', 'GB 123 4567 89', 'GB 123 4567 89'],
  ])('accepts %s', async (_case, typed, stored) => {
    expect((await putProfile({ taxId: typed })).statusCode).toBe(200);
    expect(await getProfile()).toMatchObject({ taxId: stored });
  });

  it.each([
    ['a German number whose check digit is wrong', 'DE136695978'],
    ['a German number too short', 'DE12345'],
    ['a French number of the wrong shape', 'FR123'],
    ['a Northern Irish number whose digits fail', 'XI123456789'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, taxId) => {
    const res = await putProfile({ companyName: 'Other GmbH', taxId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'VAT_NUMBER_INVALID', errors: [{ field: 'taxId', detail: VALIDATION.vatNumberInvalid }] });
    expect(await getProfile()).toMatchObject({ companyName: 'Berlin Werkzeug GmbH', taxId: DE_VAT });
  });

  it.each([['<b>DE136695976</b>'], ['DE136695976<script>alert(1)</script>'], ['12-3456789 >']])('refuses markup (%s) with 400 naming the field', async (taxId) => {
    const res = await putProfile({ taxId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'taxId', detail: VALIDATION.taxIdMarkup }] });
    expect(await getProfile()).toMatchObject({ taxId: DE_VAT });
  });

  it("checks the seller's VAT number in the settings the same way", async () => {
    const current = await getSettings();
    const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(admin), payload: settingsPayload(current, { taxId: 'FR00303265045' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'taxId', detail: VALIDATION.vatNumberInvalid }] });
    expect(await getSettings()).toMatchObject({ taxId: FR_VAT });
    expect(await putSettings({ taxId: 'US-31-4159265' })).toMatchObject({ taxId: 'US-31-4159265' });
  });
});

describe('reverse charge at order placement', () => {
  it('places a German business’s order from a French seller with no VAT, at net prices, and asks for the net total', async () => {
    const order = await placedOrder({ country: 'DE' });
    // €119.00 incl. 19 % is €100.00 net; €10.00 incl. 19 % is €8.403… → €8.40.
    expect(order).toMatchObject({
      reverseCharge: true,
      buyerVatId: DE_VAT,
      vatReview: null,
      country: 'DE',
      pricesIncludeTax: false,
      subtotal: 108.4,
      tax: 0,
      taxLines: [],
      total: 108.4,
    });
    expect(order.lines.map((line) => [line.price, line.taxPercent, line.tax, line.total])).toEqual([
      [100, 0, 0, 100],
      [8.4, 0, 0, 8.4],
    ]);
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
    expect(lines.every((line) => line.taxCents === 0 && line.taxName === null)).toBe(true);
    expect(await paidAmountCents(order._id)).toBe(10_840);
  });

  it('charges net catalogue prices as they are when prices exclude tax', async () => {
    await putSettings({ pricesIncludeTax: false });
    const order = await placedOrder({ country: 'DE' }, [1999, 4550]);
    expect(order).toMatchObject({ reverseCharge: true, buyerVatId: DE_VAT, subtotal: 65.49, tax: 0, total: 65.49 });
    expect(await paidAmountCents(order._id)).toBe(6549);
  });

  it('keeps the number it was placed with when the profile changes afterwards', async () => {
    const order = await placedOrder({ country: 'DE' });
    expect((await putProfile({ taxId: '' })).statusCode).toBe(200);
    expect(await readOrder(order._id)).toEqual(order);
    // The next order, with no VAT number, pays German VAT.
    expect(await placedOrder({ country: 'DE' })).toMatchObject({ reverseCharge: false, buyerVatId: null, tax: 20.6 });
  });

  it('charges VAT to a business delivered in the seller’s own country', async () => {
    expect((await putProfile({ taxId: FR_VAT })).statusCode).toBe(200);
    // €119.00 incl. 20 % holds €19.83; €10.00 holds €1.67.
    expect(await placedOrder({ country: 'FR' })).toMatchObject({ reverseCharge: false, buyerVatId: null, tax: 21.5, total: 129, taxLines: [{ name: 'TVA', percent: 20 }] });
    // A German business taking delivery in France pays French VAT too.
    expect((await putProfile({ taxId: DE_VAT })).statusCode).toBe(200);
    expect(await placedOrder({ country: 'FR' })).toMatchObject({ reverseCharge: false, tax: 21.5 });
  });

  it('charges VAT to a business whose number is of the seller’s country, even delivered abroad', async () => {
    expect((await putProfile({ taxId: FR_VAT })).statusCode).toBe(200);
    expect(await placedOrder({ country: 'DE' })).toMatchObject({ reverseCharge: false, tax: 20.6, taxLines: [{ name: 'MwSt', percent: 19 }] });
  });

  it('charges VAT to a consumer, and to a buyer with a tax id that is no EU VAT number', async () => {
    expect((await putProfile({ taxId: '' })).statusCode).toBe(200);
    const consumer = await placedOrder({ country: 'DE' });
    expect(consumer).toMatchObject({ reverseCharge: false, buyerVatId: null, pricesIncludeTax: true, subtotal: 129, tax: 20.6, total: 129 });
    expect(await paidAmountCents(consumer._id)).toBe(12_900);
    expect((await putProfile({ taxId: '12-3456789' })).statusCode).toBe(200);
    expect(await placedOrder({ country: 'DE' })).toMatchObject({ reverseCharge: false, tax: 20.6 });
  });

  it('charges VAT when a profile holds a number saved before the check, which is not valid', async () => {
    await t.database.db.update(users).set({ taxId: 'DE136695978' }).where(eq(users.id, buyer.userId));
    expect(await placedOrder({ country: 'DE' })).toMatchObject({ reverseCharge: false, buyerVatId: null, tax: 20.6 });
  });

  it('does not apply when the seller is outside the EU', async () => {
    await putSettings({ country: 'US', pricesIncludeTax: false });
    expect(await placedOrder({ country: 'DE' }, [10_000])).toMatchObject({ reverseCharge: false, tax: 19, total: 119 });
  });
});

describe("the owner's review of reverse-charge orders", () => {
  it('holds a paid reverse-charge order from shipping until an admin confirms its VAT number, audited', async () => {
    expect(await putSettings({ reviewReverseCharge: true })).toMatchObject({ reviewReverseCharge: true });
    const order = await placedOrder({ country: 'DE' });
    expect(order.vatReview).toBe('to-review');
    await paidAmountCents(order._id);

    const refused = await ship(order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'VAT_NUMBER_TO_REVIEW', detail: API_ERRORS.vatNumberToReview });
    expect(await readOrder(order._id)).toMatchObject({ status: 'pending', shippedAt: null });
    // The spec's PATCH is the same transition, held the same way.
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/order/${order._id}`, headers: bearer(admin), payload: { status: 'shipped' } });
    expect(patched.statusCode).toBe(409);

    expect((await confirmVat(order._id, buyer)).statusCode).toBe(403);
    expect((await confirmVat(order._id)).statusCode).toBe(200);
    expect(await readOrder(order._id, admin)).toMatchObject({ vatReview: 'confirmed', buyerVatId: DE_VAT });
    const [entry] = await auditEntriesFor(t.database.db, order._id, 'order.vat_number_confirmed');
    expect(entry).toMatchObject({ actorEmail: admin.email, after: { buyerVatId: DE_VAT, confirmed: true } });
    const events = (await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/events`, headers: bearer(admin) })).json();
    expect(events.map((event: { kind: string }) => event.kind)).toContain('vat_number_confirmed');

    expect((await ship(order._id)).statusCode).toBe(200);
    expect(await readOrder(order._id)).toMatchObject({ status: 'shipped' });
    const again = await confirmVat(order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VAT_NUMBER_ALREADY_CONFIRMED' });
  });

  it('holds nothing when the setting is off, nor an order that pays VAT', async () => {
    const reverse = await placedOrder({ country: 'DE' });
    expect(reverse.vatReview).toBeNull();
    await paidAmountCents(reverse._id);
    expect((await ship(reverse._id)).statusCode).toBe(200);

    await putSettings({ reviewReverseCharge: true });
    expect((await putProfile({ taxId: '' })).statusCode).toBe(200);
    const consumer = await placedOrder({ country: 'DE' });
    expect(consumer).toMatchObject({ reverseCharge: false, vatReview: null });
    await paidAmountCents(consumer._id);
    expect((await ship(consumer._id)).statusCode).toBe(200);
    const notReverse = await confirmVat(consumer._id);
    expect(notReverse.statusCode).toBe(409);
    expect(notReverse.json()).toMatchObject({ code: 'ORDER_NOT_REVERSE_CHARGE' });
  });
});
