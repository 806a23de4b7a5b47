import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCast, createCustomer } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { users } from '../db/schema';
import { orderDocumentsKit, pdfTextOf } from './order-documents.testing';
import { DOCUMENTS_PER_MINUTE } from './routes';

let t: TestApp;
let cast: Awaited<ReturnType<typeof createCast>>;
let tools: Awaited<ReturnType<typeof createTools>>;
const { placeOrder, unpaidOrder, pay, paidOrder, invoiceOf, slipOf, invoiceNumberOf } = orderDocumentsKit(() => ({
  app: t.app,
  admin: cast.admin,
  toolId: tools[0]!.id,
}));

const SELLER = { companyName: 'ToolHouse Manufacturing LLC', companyAddress: '1450 Foundry Road, Dayton, OH 45402', taxId: 'US-31-4159265' };

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
  tools = await createTools(t.database.db, 3, { minQty: 1, availableQty: 1_000 });
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: bearer(cast.admin),
    payload: { ...SELLER, notifyEmail: '', lowStockThreshold: 5 },
  });
  expect(settings.statusCode).toBe(200);
  // The profile fields' own API is not this feature's; the invoice copies whatever the row says.
  await t.database.db.update(users).set({ companyName: 'Able Fabrication Ltd', taxId: 'GB123456789' }).where(eq(users.id, cast.A.userId));
});
afterAll(async () => t?.close());

describe('GET /api/orders/:id/invoice.pdf', () => {
  it("is a PDF download of the paid order: seller, buyer, lines, total and numbers", async () => {
    const id = await paidOrder(cast.A, 3);
    const res = await invoiceOf(id, bearer(cast.A));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const number = await invoiceNumberOf(id);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="INV-${String(number).padStart(6, '0')}.pdf"`);

    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(cast.A) })).json<{ number: string; transactionId: string }>();
    const text = await pdfTextOf(res);
    const price = tools[0]!.priceCents;
    for (const expected of [
      'Invoice',
      `INV-${String(number).padStart(6, '0')}`,
      order.number,
      order.transactionId,
      SELLER.companyName,
      SELLER.companyAddress,
      `Tax ID: ${SELLER.taxId}`,
      'Able Fabrication Ltd',
      'Tax ID: GB123456789',
      'Alice Able',
      '5 Rush Street, Dayton',
      cast.A.email,
      '555-0150',
      // Each line with the SKU it was ordered under.
      `${tools[0]!.name} ${tools[0]!.sku} 3 $${(price / 100).toFixed(2)} 0% $${((price * 3) / 100).toFixed(2)}`,
      'Delivery Free',
      `Total (USD) $${((price * 3) / 100).toFixed(2)}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is answered to its buyer (token or session cookie) and admins; to anyone else the order does not exist', async () => {
    const id = await paidOrder(cast.A);
    expect((await invoiceOf(id, bearer(cast.A))).statusCode).toBe(200);
    expect((await invoiceOf(id, { cookie: cast.A.cookie })).statusCode).toBe(200);
    expect((await invoiceOf(id, bearer(cast.admin))).statusCode).toBe(200);
    const stranger = await invoiceOf(id, bearer(cast.B));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual((await invoiceOf('00000000-0000-4000-8000-000000000000', bearer(cast.B))).json());
    expect((await invoiceOf(id)).statusCode).toBe(401);
    expect((await invoiceOf('not-a-uuid', bearer(cast.A))).statusCode).toBe(404);
  });

  it('is refused with 409 while the order is unpaid, and only to those who may see it', async () => {
    const id = await unpaidOrder(cast.A);
    const unpaid = await invoiceOf(id, bearer(cast.A));
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().detail).toBe('An invoice exists only for a paid order');
    expect((await invoiceOf(id, bearer(cast.B))).statusCode).toBe(404);
  });

  it('lists every line of a multi-line order', async () => {
    const id = await placeOrder(cast.A, tools.map((tool, index) => ({ toolId: tool.id, quantity: index + 1 })));
    await pay(cast.A, id);
    const text = await pdfTextOf(await invoiceOf(id, bearer(cast.A)));
    let total = 0;
    tools.forEach((tool, index) => {
      const quantity = index + 1;
      total += tool.priceCents * quantity;
      // Untaxed here (the store has no rates): 0 %, the net amount is the amount.
      expect(text).toContain(`${tool.name} ${tool.sku} ${quantity} $${(tool.priceCents / 100).toFixed(2)} 0% $${((tool.priceCents * quantity) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    });
    expect(text).toContain(`Total (USD) $${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });

  it('draws hostile text as text: a script tag for a tool name, Polish letters and an emoji in the address', async () => {
    const [hostile] = await createTools(t.database.db, 1, { name: '<script>alert(1)</script>', minQty: 1, availableQty: 10 });
    const id = await placeOrder(cast.A, [{ toolId: hostile!.id, quantity: 1 }], 'ul. Piotrkowska 12, Łódź 😀 東京');
    await pay(cast.A, id);
    const invoice = await invoiceOf(id, bearer(cast.A));
    expect(invoice.statusCode).toBe(200);
    const text = await pdfTextOf(invoice);
    expect(text).toContain('<script>alert(1)</script>');
    // What the font cannot draw (the CJK) shows as the replacement character, visibly.
    expect(text).toContain('ul. Piotrkowska 12, Łódź 😀 \uFFFD\uFFFD');
    const slip = await slipOf(id, bearer(cast.admin));
    expect(slip.statusCode).toBe(200);
    expect(await pdfTextOf(slip)).toContain('<script>alert(1)</script>');
  });

  it('keeps the seller as at payment: a later change to the settings does not rewrite an issued invoice', async () => {
    const id = await paidOrder(cast.A);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(cast.admin),
      payload: { companyName: 'Renamed Tools Inc', companyAddress: '1 New Street, Columbus', taxId: '', notifyEmail: '', lowStockThreshold: 5 },
    });
    expect(changed.statusCode).toBe(200);
    try {
      const text = await pdfTextOf(await invoiceOf(id, bearer(cast.A)));
      expect(text).toContain(SELLER.companyName);
      expect(text).not.toContain('Renamed Tools Inc');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(cast.admin), payload: { ...SELLER, notifyEmail: '', lowStockThreshold: 5 } });
    }
  });

  it("says on a refunded order's invoice which credit note cancels it", async () => {
    const id = await paidOrder(cast.A);
    const refund = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/refund`, headers: bearer(cast.admin) });
    expect(refund.statusCode, refund.body).toBe(200);
    const text = await pdfTextOf(await invoiceOf(id, bearer(cast.A)));
    expect(text).toMatch(/Refunded on \w{3} \d{1,2}, \d{4} — this invoice is cancelled by credit note CN-\d{6}\./);
  });

  it(`is drawn at most ${DOCUMENTS_PER_MINUTE} times a minute for one person, wherever they ask from`, async () => {
    const eager = await createCustomer(t.app, 'Eager Downloader');
    for (let i = 0; i < DOCUMENTS_PER_MINUTE; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/orders/nope/invoice.pdf', headers: bearer(eager), remoteAddress: `10.9.0.${i + 1}` });
      expect(res.statusCode).toBe(404);
    }
    const refused = await invoiceOf('nope', bearer(eager));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Too many requests, please try again later');
    // Another person is counted apart.
    expect((await invoiceOf('nope', bearer(cast.B))).statusCode).toBe(404);
  });
});

describe('GET /api/orders/:id/packing-slip.pdf', () => {
  it('is for admins only: the ship-to and quantities, without prices', async () => {
    const id = await paidOrder(cast.A, 4);
    expect((await slipOf(id)).statusCode).toBe(401);
    expect((await slipOf(id, bearer(cast.A))).statusCode).toBe(403);
    const res = await slipOf(id, bearer(cast.admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(cast.A) })).json<{ number: string }>();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.number}-packing-slip.pdf"`);
    const text = await pdfTextOf(res);
    for (const expected of ['Packing slip', order.number, 'Alice Able', '5 Rush Street, Dayton', '555-0150', `SKU Item Quantity`, `${tools[0]!.sku} ${tools[0]!.name} 4`]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('$');
  });

  it('names the carrier and tracking number once shipped; refuses an unpaid order with 409 and an unknown one with 404', async () => {
    const id = await paidOrder(cast.A);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/ship`,
      headers: bearer(cast.admin),
      payload: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const text = await pdfTextOf(await slipOf(id, bearer(cast.admin)));
    expect(text).toContain('Carrier UPS');
    expect(text).toContain('1Z999AA10123456784');

    const unpaid = await unpaidOrder(cast.A);
    expect((await slipOf(unpaid, bearer(cast.admin))).statusCode).toBe(409);
    expect((await slipOf('00000000-0000-4000-8000-000000000000', bearer(cast.admin))).statusCode).toBe(404);
    expect((await slipOf('nope', bearer(cast.admin))).statusCode).toBe(404);
  });
});
