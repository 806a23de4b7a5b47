import { describe, expect, it } from 'vitest';
import { centsToDecimal, eInvoiceInput, renderEInvoice, type EInvoiceData } from './e-invoice';
import { generateEInvoice } from './e-invoice-generator';
import { en16931SchemaErrors } from './en16931-schema.testing';

/** A line as an order keeps it. */
function line(
  position: number,
  productName: string,
  priceCents: number,
  quantity: number,
  tax: { name: string; milli: number; cents: number } | null = null,
  taxClass: 'standard' | 'reduced' | 'exempt' = 'standard',
) {
  return {
    orderId: 'o',
    position,
    toolId: null,
    sku: `SKU-${position}`,
    productImage: '',
    description: '',
    productName,
    priceCents,
    quantity,
    taxName: tax?.name ?? null,
    taxPercentMilli: tax?.milli ?? 0,
    taxCents: tax?.cents ?? 0,
    taxClass,
  };
}

const CA = (cents: number) => ({ name: 'CA sales tax', milli: 7250, cents });

function data(overrides: Partial<EInvoiceData> = {}, order: Partial<EInvoiceData['order']> = {}): EInvoiceData {
  return {
    kind: 'invoice',
    number: 123,
    issuedAt: new Date('2026-11-25T10:00:00Z'),
    invoice: { number: 123, issuedAt: new Date('2026-11-25T10:00:00Z') },
    seller: { name: 'ToolHouse Manufacturing GmbH', address: 'Werkstraße 1\n10115 Berlin', taxId: 'DE811907980' },
    buyer: { name: 'Zoë Łukasiewicz', email: 'zoe@example.com', address: 'ul. Piotrkowska 12\nŁódź', phone: '+48 555 0100', companyName: 'Müller & Søn', taxId: 'PL1234567890' },
    sellerCountry: 'DE',
    sellerEmail: 'invoices@toolhouse.example',
    order: {
      number: 100_042,
      paidAt: new Date('2026-11-25T10:00:00Z'),
      shippedAt: null,
      country: 'US',
      // 3 × $19.99 (tax 435) and 1 × $45.50 (tax 330): net $105.47, tax $7.65, gross $113.12.
      lines: [line(0, 'Bench Vise', 1999, 3, CA(435)), line(1, 'Torque Wrench <deluxe> & co', 4550, 1, CA(330))],
      totalCents: 11312,
      pricesIncludeTax: false,
      ...order,
    },
    ...overrides,
  };
}

/** The text of the first element named `name` (with its prefix) in `xml`. */
const first = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1];

describe('centsToDecimal', () => {
  it('writes integer cents as an exact decimal amount', () => {
    expect([0, 5, 105, 11312, -11312, -7].map(centsToDecimal)).toEqual(['0.00', '0.05', '1.05', '113.12', '-113.12', '-0.07']);
  });
});

describe('the e-invoice (EN 16931, UBL 2.1)', () => {
  it('is a UBL Invoice with the totals and the tax per rate the PDF prints', async () => {
    const xml = await renderEInvoice(data());
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(first(xml, 'cbc:ID')).toBe('INV-000123');
    expect(first(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(first(xml, 'cbc:LineExtensionAmount')).toBe('105.47');
    expect(xml).toContain('<cbc:LineExtensionAmount currencyID="USD">59.97</cbc:LineExtensionAmount>');
    expect(first(xml, 'cbc:TaxExclusiveAmount')).toBe('105.47');
    expect(first(xml, 'cbc:TaxInclusiveAmount')).toBe('113.12');
    expect(first(xml, 'cbc:TaxableAmount')).toBe('105.47');
    expect(xml).toMatch(/<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="USD">7.65<\/cbc:TaxAmount>/);
    expect(xml).toContain('<cbc:CompanyID>DE811907980</cbc:CompanyID>');
    expect(xml).toContain('Torque Wrench &lt;deluxe&gt; &amp; co');
  });

  it('is a UBL CreditNote for a credit note, naming the invoice it corrects, with the same amounts', async () => {
    const xml = await renderEInvoice(data({ kind: 'credit-note', number: 7, issuedAt: new Date('2026-11-30T10:00:00Z') }));
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(first(xml, 'cbc:ID')).toBe('CN-000007');
    expect(first(xml, 'cbc:CreditNoteTypeCode')).toBe('381');
    expect(first(xml, 'cbc:Note')).toBe('Credit note for invoice INV-000123 of 2026-11-25.');
    expect(xml).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-000123<\/cbc:ID>\s*<cbc:IssueDate>2026-11-25<\/cbc:IssueDate>/);
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="H87">3</cbc:CreditedQuantity>');
    expect(first(xml, 'cbc:TaxInclusiveAmount')).toBe('113.12');
  });

  it('names the invoice a credit note corrects in CII too (BT-25, BT-26), valid against the EN 16931 schema; an invoice names none', async () => {
    const cii = await renderEInvoice(data({ kind: 'credit-note', number: 7, issuedAt: new Date('2026-11-30T10:00:00Z') }), 'CII');
    expect(cii).toMatch(
      /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>[\s\S]*<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>\s*<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>INV-000123<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20261125<\/qdt:DateTimeString>\s*<\/ram:FormattedIssueDateTime>\s*<\/ram:InvoiceReferencedDocument>\s*<\/ram:ApplicableHeaderTradeSettlement>/,
    );
    expect(cii.match(/<ram:InvoiceReferencedDocument>/g)).toHaveLength(1);
    expect(await en16931SchemaErrors(cii)).toEqual([]);
    expect(await renderEInvoice(data(), 'CII')).not.toContain('InvoiceReferencedDocument');
  });

  it('uses VAT category AE with the reverse-charge wording and the buyer VAT number under reverse charge', async () => {
    const xml = await renderEInvoice(data({}, { reverseCharge: true, buyerVatId: 'FR40303265045', lines: [line(0, 'Bench Vise', 1999, 3)], totalCents: 5997 }));
    expect(xml).toMatch(/<cac:TaxCategory>\s*<cbc:ID>AE<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>\s*<cbc:TaxExemptionReasonCode>VATEX-EU-AE<\/cbc:TaxExemptionReasonCode>/);
    expect(xml).toContain('<cbc:CompanyID>FR40303265045</cbc:CompanyID>');
    expect(xml).toContain('Reverse charge: VAT to be accounted for by the recipient (Art. 196, Directive 2006/112/EC)');
  });

  it('codes a standard, a reduced and an exempt tool in one order as S at two rates and E, with the exemption reason', async () => {
    const mwst = { name: 'MwSt', milli: 19_000, cents: 1900 };
    const reduced = { name: 'MwSt ermäßigt', milli: 7000, cents: 350 };
    const xml = await renderEInvoice(
      data({}, { country: 'DE', lines: [line(0, 'Bench Vise', 10_000, 1, mwst), line(1, 'Safety Goggles', 5000, 1, reduced, 'reduced'), line(2, 'Field Manual', 2000, 1, null, 'exempt')], totalCents: 19_250 }),
    );
    const subtotals = [...xml.matchAll(/<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g)].map((match) => ({
      taxable: first(match[1]!, 'cbc:TaxableAmount'),
      tax: first(match[1]!, 'cbc:TaxAmount'),
      category: first(match[1]!, 'cbc:ID'),
      percent: first(match[1]!, 'cbc:Percent'),
      reason: first(match[1]!, 'cbc:TaxExemptionReason'),
    }));
    expect(subtotals).toEqual([
      { taxable: '100.00', tax: '19.00', category: 'S', percent: '19', reason: undefined },
      { taxable: '50.00', tax: '3.50', category: 'S', percent: '7', reason: undefined },
      { taxable: '20.00', tax: '0.00', category: 'E', percent: '0', reason: 'Exempt from tax' },
    ]);
    const lineCategories = [...xml.matchAll(/<cac:ClassifiedTaxCategory>\s*<cbc:ID>(\w+)<\/cbc:ID>/g)].map((match) => match[1]);
    expect(lineCategories).toEqual(['S', 'S', 'E']);
    expect(first(xml, 'cbc:TaxInclusiveAmount')).toBe('192.50');
  });

  it('codes an exempt tool as not subject to tax (O) beside tools the destination does not tax either', async () => {
    const xml = await renderEInvoice(data({}, { lines: [line(0, 'Bench Vise', 1999, 1), line(1, 'Field Manual', 2000, 1, null, 'exempt')], totalCents: 3999 }));
    expect([...xml.matchAll(/<cac:ClassifiedTaxCategory>\s*<cbc:ID>(\w+)<\/cbc:ID>/g)].map((match) => match[1])).toEqual(['O', 'O']);
    expect(xml.match(/<cac:TaxSubtotal>/g)).toHaveLength(1);
  });

  it('validates, as the same data in EN 16931 CII, against the EN 16931 schema: taxed, prices with tax, reverse charge, a credit note', async () => {
    const cases = [
      data(),
      data({}, { pricesIncludeTax: true, lines: [line(0, 'Bench Vise', 1190, 2, { name: 'MwSt', milli: 19_000, cents: 380 })], totalCents: 2380 }),
      data({}, { reverseCharge: true, buyerVatId: 'FR40303265045', lines: [line(0, 'Bench Vise', 1999, 3)], totalCents: 5997 }),
      data({ kind: 'credit-note', number: 7 }),
      // A standard, a reduced and an exempt tool.
      data({}, { lines: [line(0, 'Bench Vise', 10_000, 1, { name: 'MwSt', milli: 19_000, cents: 1900 }), line(1, 'Safety Goggles', 5000, 1, { name: 'MwSt ermäßigt', milli: 7000, cents: 350 }, 'reduced'), line(2, 'Field Manual', 2000, 1, null, 'exempt')], totalCents: 19_250 }),
      // A buyer who deleted their account: no email, no phone.
      data({ buyer: { name: 'Gone Buyer', email: '', phone: '', address: '1 Road', companyName: null, taxId: null } }),
    ];
    for (const invoice of cases) {
      const cii = await renderEInvoice(invoice, 'CII');
      expect(await en16931SchemaErrors(cii)).toEqual([]);
    }
  });

  it("is checked against the library's schema of the EN 16931 data on every call: data it does not allow writes nothing", async () => {
    const { input } = eInvoiceInput(data());
    const body = (input as unknown as { 'ubl:Invoice': Record<string, unknown> })['ubl:Invoice'];
    // Twice each: the schema is compiled once per format and must still refuse the second time.
    for (const format of ['UBL', 'CII', 'UBL', 'CII']) {
      await expect(generateEInvoice({ 'ubl:Invoice': { ...body, 'cbc:InvoiceTypeCode': 'not-a-code' } } as never, { format })).rejects.toThrow(/validation failed/i);
      await expect(generateEInvoice({ 'ubl:Invoice': { ...body, 'cac:InvoiceLine': [] } } as never, { format })).rejects.toThrow();
    }
    expect(await generateEInvoice(input, { format: 'UBL' })).toContain('<cbc:ID>INV-000123</cbc:ID>');
  });

  it('is refused by the schema when broken, so the check above can fail', async () => {
    const cii = await renderEInvoice(data(), 'CII');
    const broken = cii.replace(/<ram:TaxBasisTotalAmount>[^<]*<\/ram:TaxBasisTotalAmount>/, '<ram:TaxBasisTotalAmount>lots</ram:TaxBasisTotalAmount>');
    expect(broken).not.toBe(cii);
    expect((await en16931SchemaErrors(broken)).length).toBeGreaterThan(0);
  });
});
