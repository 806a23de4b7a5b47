import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, TEST_ORIGIN, type TestUser } from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import type { Order } from '../../shared';
import { creditNotes, orders, tools, users } from '../db/schema';
import { en16931SchemaErrors } from '../e-invoices/en16931-schema.testing';
import { pdfTextOf } from '../invoices/order-documents.testing';
import { readPdfAttachments, readPdfXmp } from '../invoices/pdf-text.testing';

/**
 * Issue 27 (4), decision 049: the invoice a tax office accepts (rate, net, tax and gross per rate,
 * the seller's VAT number, the reverse-charge wording), and the credit note a refund issues: its
 * own gapless numbers, the invoice it corrects, negative amounts; for the same people as the invoice.
 */
let t: TestAppWithMail;
let admin: TestUser;
let buyer: TestUser;
let stranger: TestUser;
const SELLER = { companyName: 'ToolHouse Manufacturing GmbH', companyAddress: 'Werkstraße 1, 10115 Berlin', taxId: 'DE811907980' };

beforeAll(async () => {
  t = await createTestAppWithMail();
  [admin, buyer, stranger] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app, 'Bruno Buyer'), createCustomer(t.app, 'Sam Stranger')]);
  const current = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(admin) })).json();
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: bearer(admin),
    payload: { ...current, ...SELLER, notifyEmail: '', country: 'US', pricesIncludeTax: false },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  // The seller's country's rate: an order placed without a destination goes to the seller's country.
  const rates = await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: bearer(admin), payload: [{ country: 'US', name: 'Sales tax', percent: 7.25 }] });
  expect(rates.statusCode, rates.body).toBe(200);
  await t.database.db.update(users).set({ companyName: 'Able Fabrication Ltd', taxId: 'GB123456789' }).where(eq(users.id, buyer.userId));
});
afterAll(() => t?.close());

const documentOf = (orderId: string, file: string, user: TestUser | null = buyer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/${file}`, headers: { ...(user ? bearer(user) : {}), ...headers } });
const readOrder = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) })).json<Order>();
const refund = (id: string) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/refund`, headers: bearer(admin) });

/** A paid order of 3 × $19.99 and 1 × $45.50 at 7.25 %: net $105.47, tax 435 + 330 = $7.65, gross $113.12. */
async function paidOrder(user: TestUser = buyer) {
  const made = await createTools(t.database.db, 2, { minQty: 1, availableQty: 100 });
  await t.database.db.update(tools).set({ priceCents: 1999 }).where(eq(tools.id, made[0]!.id));
  await t.database.db.update(tools).set({ priceCents: 4550 }).where(eq(tools.id, made[1]!.id));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(user),
    payload: { lines: [{ toolId: made[0]!.id, quantity: 3 }, { toolId: made[1]!.id, quantity: 1 }], address: '5 Rush Street, Dayton', phone: '555-0150' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<{ insertedId: string }>().insertedId;
  expect((await payWithTestCard(t.app, user, id)).confirm?.statusCode).toBe(200);
  return { id, skus: made.map((tool) => tool.sku) };
}

describe('the invoice (art. 226)', () => {
  it('shows each line net with its rate, per rate the net, tax and gross, the totals and the seller VAT number', async () => {
    const { id, skus } = await paidOrder();
    const order = await readOrder(id);
    expect(order).toMatchObject({ subtotal: 105.47, tax: 7.65, total: 113.12 });
    const res = await documentOf(id, 'invoice.pdf');
    expect(res.statusCode).toBe(200);
    const text = await pdfTextOf(res);
    for (const expected of [
      `Tax ID: ${SELLER.taxId}`,
      'Tax ID: GB123456789',
      'Date of supply',
      `${skus[0]} 3 $19.99 7.25% $59.97`,
      `${skus[1]} 1 $45.50 7.25% $45.50`,
      'Tax rate Net Tax Gross',
      'Sales tax 7.25% $105.47 $7.65 $113.12',
      'Total net $105.47',
      'Total tax $7.65',
      'Total (USD) $113.12',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Reverse charge');
  });

  it('says reverse charge, with the VAT number the order was placed under, when the order is under it', async () => {
    const { id } = await paidOrder();
    // The placing rule is another part of issue 27: the columns are set here as it would set them.
    await t.database.db.update(orders).set({ reverseCharge: true, buyerVatId: 'FR40303265045' }).where(eq(orders.id, id));
    const text = await pdfTextOf(await documentOf(id, 'invoice.pdf'));
    expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient (Art. 196, Directive 2006/112/EC)');
    expect(text).toContain("Buyer's VAT number: FR40303265045");
  });
});

describe('the credit note a refund issues', () => {
  const creditNoteNumberOf = (order: Order) => Number(/^CN-(\d{6})$/.exec(order.creditNoteNumber ?? '')?.[1]);

  it('corrects the invoice in full, with the next number of its own sequence and negative amounts, for the buyer and admins', async () => {
    const first = await paidOrder();
    expect((await documentOf(first.id, 'credit-note.pdf')).statusCode).toBe(409);
    expect((await refund(first.id)).statusCode).toBe(200);
    const firstOrder = await readOrder(first.id);
    const number = creditNoteNumberOf(firstOrder);
    expect(number).toBeGreaterThanOrEqual(1);

    const second = await paidOrder();
    expect((await refund(second.id)).statusCode).toBe(200);
    const order = await readOrder(second.id);
    expect(creditNoteNumberOf(order)).toBe(number + 1);

    const res = await documentOf(second.id, 'credit-note.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.creditNoteNumber}.pdf"`);
    const text = await pdfTextOf(res);
    for (const expected of [
      'Credit note',
      `Credit note number ${order.creditNoteNumber}`,
      `Corrects invoice ${order.invoiceNumber}`,
      order.number,
      SELLER.companyName,
      `Tax ID: ${SELLER.taxId}`,
      'Able Fabrication Ltd',
      '-3 $19.99 7.25% -$59.97',
      'Sales tax 7.25% -$105.47 -$7.65 -$113.12',
      'Total net -$105.47',
      'Total tax -$7.65',
      'Total (USD) -$113.12',
    ]) {
      expect(text).toContain(expected);
    }
    // The invoice says which credit note cancels it.
    expect(await pdfTextOf(await documentOf(second.id, 'invoice.pdf'))).toContain(`this invoice is cancelled by credit note ${order.creditNoteNumber}.`);
    expect((await documentOf(second.id, 'credit-note.pdf', admin)).statusCode).toBe(200);
    expect((await documentOf(second.id, 'credit-note.pdf', null, { cookie: buyer.cookie, origin: TEST_ORIGIN })).statusCode).toBe(200);

    const mail = await t.catcher.waitForMail(buyer.email, (m) => m.subject === `Order ${order.number} cancelled and refunded` && (m.text ?? '').includes(order.creditNoteNumber!));
    expect(mail.text).toContain(`/api/orders/${second.id}/credit-note.pdf`);
  });

  it('gives two refunds at the same moment two distinct, consecutive numbers', async () => {
    const [a, b] = await Promise.all([paidOrder(), paidOrder()]);
    const answers = await Promise.all([refund(a.id), refund(b.id)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const numbers = (await Promise.all([readOrder(a.id), readOrder(b.id)])).map(creditNoteNumberOf).sort((x, y) => x - y);
    expect(numbers[1]).toBe(numbers[0]! + 1);
    // No number is skipped or taken twice over the whole sequence so far.
    const all = (await t.database.db.select({ number: creditNotes.number }).from(creditNotes)).map((row) => row.number).sort((x, y) => x - y);
    expect(all).toEqual(all.map((_, index) => index + 1));
  });

  it('comes with the invoice as EN 16931 e-invoices (UBL 2.1) whose totals are those of the PDFs', async () => {
    const { id } = await paidOrder();
    expect((await documentOf(id, 'credit-note.xml')).statusCode).toBe(409);
    const invoiceXml = await documentOf(id, 'invoice.xml');
    expect(invoiceXml.statusCode).toBe(200);
    expect(invoiceXml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(invoiceXml.headers['cache-control']).toBe('no-store');
    const order = await readOrder(id);
    expect(invoiceXml.headers['content-disposition']).toBe(`attachment; filename="${order.invoiceNumber}.xml"`);
    const invoicePdf = await pdfTextOf(await documentOf(id, 'invoice.pdf'));
    const ubl = invoiceXml.body;
    expect(ubl).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(ubl).toContain(`<cbc:ID>${order.invoiceNumber}</cbc:ID>`);
    const totals = (xml: string) => ({
      net: /<cbc:TaxExclusiveAmount currencyID="USD">([^<]+)</.exec(xml)?.[1],
      tax: /<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="USD">([^<]+)</.exec(xml)?.[1],
      gross: /<cbc:TaxInclusiveAmount currencyID="USD">([^<]+)</.exec(xml)?.[1],
    });
    const invoiceTotals = totals(ubl);
    expect(invoiceTotals).toEqual({ net: '105.47', tax: '7.65', gross: '113.12' });
    expect(invoicePdf).toContain(`Total net $${invoiceTotals.net} Total tax $${invoiceTotals.tax}`);
    expect(invoicePdf).toContain(`Total (USD) $${invoiceTotals.gross}`);

    expect((await refund(id)).statusCode).toBe(200);
    const refunded = await readOrder(id);
    const creditXml = await documentOf(id, 'credit-note.xml');
    expect(creditXml.statusCode).toBe(200);
    expect(creditXml.headers['content-disposition']).toBe(`attachment; filename="${refunded.creditNoteNumber}.xml"`);
    expect(creditXml.body).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(creditXml.body).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${refunded.invoiceNumber}</cbc:ID>`));
    // UBL writes a credit's amounts positive (the document's type makes them a credit); the PDF prints them negative.
    const creditTotals = totals(creditXml.body);
    expect(creditTotals).toEqual(invoiceTotals);
    const creditPdf = await pdfTextOf(await documentOf(id, 'credit-note.pdf'));
    expect(creditPdf).toContain(`Total net -$${creditTotals.net} Total tax -$${creditTotals.tax}`);
    expect(creditPdf).toContain(`Total (USD) -$${creditTotals.gross}`);

    expect((await documentOf(id, 'invoice.xml', admin)).statusCode).toBe(200);
    expect((await documentOf(id, 'credit-note.xml', stranger)).statusCode).toBe(404);
    expect((await documentOf(id, 'invoice.xml', stranger)).statusCode).toBe(404);
    expect((await documentOf(id, 'invoice.xml', null)).statusCode).toBe(401);
  });

  it('is embedded, with the invoice, in their PDFs as Factur-X EN 16931 (CII): valid against the EN 16931 schema, with the totals the PDFs print', async () => {
    const { id } = await paidOrder();
    const invoicePdf = await documentOf(id, 'invoice.pdf');
    expect(invoicePdf.headers['content-type']).toBe('application/pdf');
    const order = await readOrder(id);
    const embedded = await readPdfAttachments(invoicePdf.rawPayload);
    expect(Object.keys(embedded)).toEqual(['factur-x.xml']);
    const cii = embedded['factur-x.xml']!;
    expect(await en16931SchemaErrors(cii)).toEqual([]);
    const ciiTotals = (xml: string) => ({
      net: /<ram:TaxBasisTotalAmount>([^<]+)</.exec(xml)?.[1],
      tax: /<ram:TaxTotalAmount currencyID="USD">([^<]+)</.exec(xml)?.[1],
      gross: /<ram:GrandTotalAmount>([^<]+)</.exec(xml)?.[1],
    });
    expect(ciiTotals(cii)).toEqual({ net: '105.47', tax: '7.65', gross: '113.12' });
    expect(cii).toMatch(new RegExp(`<rsm:ExchangedDocument>\\s*<ram:ID>${order.invoiceNumber}</ram:ID>\\s*<ram:TypeCode>380</ram:TypeCode>`));
    const text = await pdfTextOf(invoicePdf);
    expect(text).toContain('Total net $105.47 Total tax $7.65');
    expect(text).toContain('Total (USD) $113.12');
    // PDF/A-3 with the Factur-X profile a reader looks for.
    const xmp = await readPdfXmp(invoicePdf.rawPayload);
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);

    expect((await refund(id)).statusCode).toBe(200);
    const refunded = await readOrder(id);
    const creditPdf = await documentOf(id, 'credit-note.pdf');
    const creditCii = (await readPdfAttachments(creditPdf.rawPayload))['factur-x.xml']!;
    expect(await en16931SchemaErrors(creditCii)).toEqual([]);
    expect(creditCii).toMatch(new RegExp(`<ram:ID>${refunded.creditNoteNumber}</ram:ID>\\s*<ram:TypeCode>381</ram:TypeCode>`));
    // The invoice it corrects, in its note and as the structured reference (BT-25) accounting software reads.
    expect(creditCii).toMatch(new RegExp(`<ram:IncludedNote>\\s*<ram:Content>Credit note for invoice ${refunded.invoiceNumber} of \\d{4}-\\d{2}-\\d{2}\\.</ram:Content>`));
    expect(creditCii).toMatch(new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${refunded.invoiceNumber}</ram:IssuerAssignedID>`));
    expect(ciiTotals(creditCii)).toEqual(ciiTotals(cii));
    expect(await pdfTextOf(creditPdf)).toContain('Total (USD) -$113.12');
  });

  it("is not found for another customer, as the invoice is not; nor for nobody signed in", async () => {
    const { id } = await paidOrder();
    expect((await refund(id)).statusCode).toBe(200);
    const other = await documentOf(id, 'credit-note.pdf', stranger);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).not.toBe('application/pdf');
    expect((await documentOf(id, 'credit-note.pdf', null)).statusCode).toBe(401);
    expect((await documentOf('00000000-0000-4000-8000-000000000000', 'credit-note.pdf', admin)).statusCode).toBe(404);
  });

  it('stays when its buyer deletes their account, without their email and phone', async () => {
    const leaver = await createCustomer(t.app, 'Lea Leaver');
    const { id } = await paidOrder(leaver);
    expect((await refund(id)).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(leaver), payload: { password: leaver.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [kept] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(kept!.buyer).toMatchObject({ name: 'Lea Leaver', email: '', phone: '' });
    const text = await pdfTextOf(await documentOf(id, 'credit-note.pdf', admin));
    expect(text).toContain('Lea Leaver');
    expect(text).not.toContain(leaver.email);
  });
});
