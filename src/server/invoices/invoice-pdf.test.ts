import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';
import { renderPackingSlipPdf, type PackingSlipData } from './packing-slip-pdf';
import { drawableText, MISSING_GLYPH } from '../lib/pdf-document';
import { readPdfPages, readPdfText } from './pdf-text.testing';

/** Text pulled out of a PDF keeps the words but not always the spacing between table cells. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ');

/** A line as an order keeps it; `sku` null as for an order placed before tools had SKUs. */
function line(position: number, productName: string, priceCents: number, quantity: number, sku: string | null = null) {
  return { orderId: 'o', position, toolId: null, sku, productImage: '', description: '', productName, priceCents, quantity, taxName: null as string | null, taxPercentMilli: 0, taxCents: 0, taxClass: 'standard' as 'standard' | 'reduced' | 'exempt' };
}

function invoiceData(overrides: { lines?: ReturnType<typeof line>[]; status?: 'pending' | 'refunded'; refundedAt?: Date | null } = {}): InvoiceData {
  const lines = overrides.lines ?? [line(0, 'Bench Vise', 4_999, 2), line(1, 'Torque Wrench', 12_950, 1)];
  return {
    invoice: {
      number: 123,
      issuedAt: new Date('2026-11-25T23:30:00Z'),
      seller: { name: 'ToolHouse Manufacturing', address: '1450 Foundry Road, Dayton', taxId: 'US-99-1234567' },
      buyer: { name: 'Zoë Łukasiewicz', email: 'zoe@example.com', address: 'ul. Piotrkowska 12\nŁódź', phone: '+48 555 0100', companyName: 'Müller & Søn', taxId: 'PL1234567890' },
    },
    order: {
      number: 100_042,
      createdAt: new Date('2026-11-24T08:00:00Z'),
      paidAt: new Date('2026-11-25T23:30:00Z'),
      transactionId: 'pi_test_abc',
      status: overrides.status ?? 'pending',
      refundedAt: overrides.refundedAt ?? null,
      totalCents: lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
      lines,
    },
    contact: { email: 'support@toolhouse.example', phone: '+1 (555) 014-2005' },
  };
}

describe('an invoice with tax (decisions 048, 049)', () => {
  const taxed = (position: number, name: string, priceCents: number, quantity: number, taxCents: number, taxName = 'CA sales tax', taxPercentMilli = 7250) => ({
    ...line(position, name, priceCents, quantity),
    taxName,
    taxPercentMilli,
    taxCents,
  });

  it('shows each line net with its rate, and per rate the net, the tax and the gross, adding up to the total paid', async () => {
    const data = invoiceData({ lines: [taxed(0, 'Bench Vise', 1999, 1, 145), taxed(1, 'Torque Wrench', 4550, 1, 330)] });
    data.order = { ...data.order, subtotalCents: 6549, totalCents: 7024, pricesIncludeTax: false };
    const text = squeeze(await readPdfText(await renderInvoicePdf(data)));
    for (const expected of [
      'Description Quantity Unit price (net) Tax rate Net amount',
      'Bench Vise 1 $19.99 7.25% $19.99',
      'Tax rate Net Tax Gross',
      'CA sales tax 7.25% $65.49 $4.75 $70.24',
      'Total net $65.49',
      'Total tax $4.75',
      'Total (USD) $70.24',
      'Tax ID: US-99-1234567',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('takes the net out of prices that included tax, exactly, and gives a rate row per rate', async () => {
    // 2 × €11.90 gross at 19 %: tax 380 (round-half-up of 2380 × 19 / 119), net 2000; 1 × 10.70 at 7 %: tax 70, net 1000.
    const lines = [taxed(0, 'Bench Vise', 1190, 2, 380, 'VAT', 19_000), taxed(1, 'Manual', 1070, 1, 70, 'VAT', 7_000)];
    const data = invoiceData({ lines });
    data.order = { ...data.order, subtotalCents: 3450, totalCents: 3450, pricesIncludeTax: true };
    const text = squeeze(await readPdfText(await renderInvoicePdf(data)));
    for (const expected of ['Bench Vise 2 $10.00 19% $20.00', 'Manual 1 $10.00 7% $10.00', 'VAT 19% $20.00 $3.80 $23.80', 'VAT 7% $10.00 $0.70 $10.70', 'Total net $30.00', 'Total tax $4.50', 'Total (USD) $34.50']) {
      expect(text).toContain(expected);
    }
  });

  it('prints an exempt tool as exempt, with a rate row of its own, beside a standard and a reduced one', async () => {
    const lines = [
      taxed(0, 'Bench Vise', 10_000, 1, 1900, 'MwSt', 19_000),
      { ...taxed(1, 'Safety Goggles', 5000, 1, 350, 'MwSt reduced', 7000), taxClass: 'reduced' as const },
      { ...line(2, 'Field Manual', 2000, 1), taxClass: 'exempt' as const },
    ];
    const data = invoiceData({ lines });
    data.order = { ...data.order, subtotalCents: 17_000, totalCents: 19_250, pricesIncludeTax: false };
    const text = squeeze(await readPdfText(await renderInvoicePdf(data)));
    for (const expected of [
      'Field Manual 1 $20.00 Exempt $20.00',
      'MwSt 19% $100.00 $19.00 $119.00',
      'MwSt reduced 7% $50.00 $3.50 $53.50',
      'Tax exempt 0% $20.00 $0.00 $20.00',
      'Total tax $22.50',
      'Total (USD) $192.50',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the reverse-charge wording and the buyer VAT number the order was placed with', async () => {
    const data = invoiceData();
    data.order = { ...data.order, reverseCharge: true, buyerVatId: 'DE123456789' };
    const text = squeeze(await readPdfText(await renderInvoicePdf(data)));
    expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient (Art. 196, Directive 2006/112/EC)');
    expect(text).toContain("Buyer's VAT number: DE123456789");
    expect(text).toContain('Tax ID: DE123456789');
    expect(text).toContain('Reverse charge 0% $229.48 $0.00 $229.48');
    expect(squeeze(await readPdfText(await renderInvoicePdf(invoiceData())))).not.toContain('Reverse charge');
  });

  it('dates the supply on the shipping day once shipped, else on the payment day', async () => {
    const unshipped = squeeze(await readPdfText(await renderInvoicePdf(invoiceData())));
    expect(unshipped).toContain('Date of supply Nov 25, 2026');
    const data = invoiceData();
    data.order = { ...data.order, shippedAt: new Date('2026-11-28T10:00:00Z') };
    expect(squeeze(await readPdfText(await renderInvoicePdf(data)))).toContain('Date of supply Nov 28, 2026');
  });
});

describe('drawableText', () => {
  it('keeps Latin, Greek and Cyrillic letters and line breaks, and composes accents', () => {
    expect(drawableText('Müller & Søn\nŁódź Ωμέγα Привет')).toBe('Müller & Søn\nŁódź Ωμέγα Привет');
    expect(drawableText('Mu\u0308ller')).toBe('Müller');
  });

  it('replaces what the font cannot draw with a visible mark, and drops invisible steering characters', () => {
    expect(drawableText('東京 1')).toBe(`${MISSING_GLYPH}${MISSING_GLYPH} 1`);
    expect(drawableText('a\u200Db\uFE0Fc\u202Ed')).toBe('abcd');
    expect(drawableText('x\u0000y\u0007z\r\nw\tv')).toBe('xyz\nw v');
    expect(drawableText('lone \uD83D surrogate')).toBe(`lone ${MISSING_GLYPH} surrogate`);
  });
});

describe('renderInvoicePdf', () => {
  it('says who sells to whom, what, for how much, under which numbers', async () => {
    const text = squeeze(await readPdfText(await renderInvoicePdf(invoiceData())));
    for (const expected of [
      'Invoice',
      'INV-000123',
      'TH-100042',
      // UTC dates: 23:30 UTC on the 25th is still the 25th.
      'Invoice date Nov 25, 2026',
      'Order date Nov 24, 2026',
      'pi_test_abc',
      'ToolHouse Manufacturing',
      '1450 Foundry Road, Dayton',
      'Tax ID: US-99-1234567',
      'support@toolhouse.example',
      '+1 (555) 014-2005',
      'Müller & Søn',
      'Tax ID: PL1234567890',
      'Zoë Łukasiewicz',
      'ul. Piotrkowska 12 Łódź',
      'zoe@example.com',
      'Bench Vise 2 $49.99 0% $99.98',
      'Torque Wrench 1 $129.50 0% $129.50',
      'No tax 0% $229.48 $0.00 $229.48',
      'Delivery Free',
      'Total (USD) $229.48',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Refunded');
  });

  it('gives each line its SKU in a column of its own, and has no such column for an order from before SKUs', async () => {
    const lines = [line(0, 'Digital Multimeter', 4_999, 2, 'TM-DMM-6000'), line(1, 'Torque Wrench', 12_950, 1, 'TW-180-NM')];
    const text = squeeze(await readPdfText(await renderInvoicePdf(invoiceData({ lines }))));
    expect(text).toContain('Description SKU Quantity Unit price (net) Tax rate Net amount');
    expect(text).toContain('Digital Multimeter TM-DMM-6000 2 $49.99 0% $99.98');
    expect(text).toContain('Torque Wrench TW-180-NM 1 $129.50 0% $129.50');
    const old = squeeze(await readPdfText(await renderInvoicePdf(invoiceData())));
    expect(old).toContain('Description Quantity Unit price (net) Tax rate Net amount');
    expect(old).not.toContain('SKU');
  });

  it('wraps a SKU of the longest kind inside its column', async () => {
    const sku = `LONG-${'7'.repeat(35)}`;
    const text = squeeze(await readPdfText(await renderInvoicePdf(invoiceData({ lines: [line(0, 'Bench Vise', 4_999, 2, sku)] }))));
    expect(text.replace(/ /g, '')).toContain(`BenchVise${sku}2$49.990%$99.98`);
  });

  it('leaves out the tax ids and the company when none were given', async () => {
    const data = invoiceData();
    data.invoice = { ...data.invoice, seller: { ...data.invoice.seller, taxId: null }, buyer: { ...data.invoice.buyer, companyName: null, taxId: null } };
    const text = await readPdfText(await renderInvoicePdf(data));
    expect(text).not.toContain('Tax ID');
    expect(text).not.toContain('Müller');
  });

  it('says plainly that a refunded order cancels its invoice', async () => {
    const text = squeeze(await readPdfText(await renderInvoicePdf(invoiceData({ status: 'refunded', refundedAt: new Date('2026-11-27T10:00:00Z') }))));
    expect(text).toContain('Refunded on Nov 27, 2026 — this invoice is cancelled by the refund.');
  });

  it('draws hostile and unusual text as text, replacing only what the font lacks', async () => {
    const names = ['<script>alert(1)</script>', 'Łódź 😀 Ωμέγα Привет', '東京 drill', 'W'.repeat(120)];
    const text = squeeze(await readPdfText(await renderInvoicePdf(invoiceData({ lines: names.map((name, i) => line(i, name, 100, 1)) }))));
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('Łódź 😀 Ωμέγα Привет');
    expect(text).toContain(`${MISSING_GLYPH}${MISSING_GLYPH} drill`);
    // A word wider than its column wraps inside it rather than running over the prices.
    expect(text.replace(/ /g, '')).toContain('W'.repeat(120));
  });

  it('runs a long order over several pages, repeating the table header and numbering the pages', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => line(i, `Tool number ${i + 1} with a name long enough to wrap onto a second line`, 1_000 + i, i + 1));
    const pages = await readPdfPages(await renderInvoicePdf(invoiceData({ lines })));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      // Every page the lines run over repeats their table's header (the totals may come on a page of their own).
      if (page.includes('Tool number')) expect(page).toContain('Description');
      expect(squeeze(page)).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const all = squeeze(pages.join(' '));
    for (let i = 1; i <= 50; i += 1) expect(all).toContain(`Tool number ${i} with`);
    expect(squeeze(pages.at(-1)!)).toContain('Total (USD)');
  });
});

describe('renderPackingSlipPdf', () => {
  const slip = (overrides: Partial<PackingSlipData['order']> = {}): PackingSlipData => ({
    storeName: 'ToolHouse Manufacturing',
    order: {
      number: 100_042,
      createdAt: new Date('2026-11-24T08:00:00Z'),
      paidAt: new Date('2026-11-24T09:00:00Z'),
      name: 'Zoë Łukasiewicz',
      address: 'ul. Piotrkowska 12\nŁódź 😀',
      phone: '+48 555 0100',
      status: 'pending',
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
      refundedAt: null,
      lines: [line(0, 'Bench Vise', 4_999, 2), line(1, 'Torque Wrench', 12_950, 1_500)],
      ...overrides,
    },
  });

  it('says where it goes and what is in the box, without prices', async () => {
    const text = squeeze(await readPdfText(await renderPackingSlipPdf(slip())));
    for (const expected of ['Packing slip', 'TH-100042', 'Nov 24, 2026', 'Zoë Łukasiewicz', 'ul. Piotrkowska 12 Łódź 😀', '+48 555 0100', 'Bench Vise 2', 'Torque Wrench 1,500']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('$');
    expect(text).not.toContain('Carrier');
  });

  it('puts each SKU first, as a picker reads the shelf labels, and has no SKU column for an order from before SKUs', async () => {
    const lines = [line(0, 'Digital Multimeter', 4_999, 2, 'TM-DMM-6000'), line(1, 'Torque Wrench', 12_950, 1_500, 'TW-180-NM')];
    const text = squeeze(await readPdfText(await renderPackingSlipPdf(slip({ lines }))));
    expect(text).toContain('SKU Item Quantity Packed');
    expect(text).toContain('TM-DMM-6000 Digital Multimeter 2');
    expect(text).toContain('TW-180-NM Torque Wrench 1,500');
    expect(squeeze(await readPdfText(await renderPackingSlipPdf(slip())))).not.toContain('SKU');
  });

  it('gives the carrier and tracking number once shipped, and warns when the order was refunded', async () => {
    const shipped = squeeze(
      await readPdfText(await renderPackingSlipPdf(slip({ status: 'shipped', shippedAt: new Date('2026-11-26T12:00:00Z'), carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }))),
    );
    expect(shipped).toContain('Shipped on Nov 26, 2026');
    expect(shipped).toContain('Carrier UPS');
    expect(shipped).toContain('1Z999AA10123456784');
    const refunded = squeeze(await readPdfText(await renderPackingSlipPdf(slip({ status: 'refunded', refundedAt: new Date('2026-11-26T12:00:00Z') }))));
    expect(refunded).toContain('Refunded on Nov 26, 2026: do not ship this order.');
  });
});
