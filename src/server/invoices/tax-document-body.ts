import { centsToDollars, formatUsd, milliToPercent } from '../../shared';
import type { OrderLineRow } from '../orders/orders-repository';
import type { InvoiceBuyer, InvoiceSeller } from '../orders/invoices-repository';
import { documentAmounts, type DocumentAmounts, type RateAmounts, type TaxTreatment } from './document-amounts';
import { formatCount, hasSkus, notice, sideBySide, SKU_COLUMN, table, totals } from './pdf-layout';

/**
 * What an invoice and a credit note print alike (EU Directive 2006/112/EC art. 226, decision 049):
 * the seller and the buyer with their tax ids, the lines with their net unit price and rate, one
 * row per rate with its net, tax and gross, the totals, and the reverse-charge wording when it applies.
 */

export const money = (cents: number) => formatUsd(centsToDollars(cents));

const unitPrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
/** A net unit price may fall between cents when prices included tax: up to four decimals, as many as it needs. */
export const unitMoney = (cents: number) => unitPrice.format(cents / 100);

/** Art. 226(11a): the wording an invoice under EU reverse charge must carry. */
export const REVERSE_CHARGE_WORDING = 'Reverse charge: VAT to be accounted for by the recipient (Art. 196, Directive 2006/112/EC)';

/** The order facts the body needs. */
export interface TaxDocumentOrder {
  lines: Array<Pick<OrderLineRow, 'productName' | 'sku' | 'priceCents' | 'quantity' | 'taxName' | 'taxPercentMilli' | 'taxCents'> & Partial<Pick<OrderLineRow, 'taxClass'>>>;
  totalCents: number;
  pricesIncludeTax?: boolean;
  reverseCharge?: boolean;
  buyerVatId?: string | null;
}

/** '7.25%' */
export const percentText = (percentMilli: number) => `${milliToPercent(percentMilli)}%`;

/** Why a line without a rate carries no tax, as a rate row names it. */
const UNRATED_LABELS: Record<Exclude<TaxTreatment, 'taxed' | 'zero'>, string> = {
  'reverse-charge': 'Reverse charge',
  // Art. 226(11): the invoice says why no tax is charged.
  exempt: 'Tax exempt',
  untaxed: 'No tax',
};

/** A rate row's name: the tax as the order was placed with it, or why none was charged. */
export function rateLabel(rate: Pick<RateAmounts, 'treatment' | 'name' | 'percentMilli'>): string {
  if (rate.treatment === 'taxed' || rate.treatment === 'zero') return `${rate.name} ${percentText(rate.percentMilli)}`;
  return `${UNRATED_LABELS[rate.treatment]} 0%`;
}

/** The buyer's VAT number as printed: the one the order was placed under reverse charge with, else the profile's. */
export const buyerTaxIdOf = (buyer: Pick<InvoiceBuyer, 'taxId'>, order: Pick<TaxDocumentOrder, 'reverseCharge' | 'buyerVatId'>) =>
  (order.reverseCharge ? order.buyerVatId : null) ?? buyer.taxId;

/** "From" and "Bill to", side by side. */
export function drawParties(doc: PDFKit.PDFDocument, seller: InvoiceSeller, buyer: InvoiceBuyer, order: TaxDocumentOrder, contact: { email: string; phone: string }) {
  const buyerTaxId = buyerTaxIdOf(buyer, order);
  sideBySide(doc, [
    {
      heading: 'From',
      lines: [seller.name, seller.address, seller.taxId ? `Tax ID: ${seller.taxId}` : '', `Email: ${contact.email}`, `Phone: ${contact.phone}`],
    },
    {
      heading: 'Bill to',
      lines: [
        buyer.companyName ?? '',
        buyerTaxId ? `Tax ID: ${buyerTaxId}` : '',
        buyer.name,
        buyer.address,
        // Empty once the buyer deleted their account (decision 046): the line is left out.
        buyer.email ? `Email: ${buyer.email}` : '',
        buyer.phone ? `Phone: ${buyer.phone}` : '',
      ],
    },
  ]);
}

/**
 * The lines, the rates and the totals. `sign` -1 draws a credit note: quantities and amounts
 * negative, the unit prices as invoiced. Answers the amounts drawn (the e-invoice uses the same).
 */
export function drawAmounts(doc: PDFKit.PDFDocument, order: TaxDocumentOrder, sign: 1 | -1): DocumentAmounts {
  const pricesIncludeTax = order.pricesIncludeTax ?? false;
  const reverseCharge = order.reverseCharge ?? false;
  const amounts = documentAmounts(order.lines, { pricesIncludeTax, reverseCharge, sign });
  // The SKU column only when a line has one: an invoice of an order from before SKUs is drawn as it was issued.
  const withSku = hasSkus(order.lines);
  table(
    doc,
    [
      { header: 'Description', share: withSku ? 0.28 : 0.44 },
      ...(withSku ? [{ ...SKU_COLUMN, share: 0.16 }] : []),
      { header: 'Quantity', share: 0.12, align: 'right' },
      { header: 'Unit price (net)', share: 0.16, align: 'right' },
      { header: 'Tax rate', share: 0.12, align: 'right' },
      { header: 'Net amount', share: 0.16, align: 'right' },
    ],
    order.lines.map((line, index) => [
      line.productName,
      ...(withSku ? [line.sku ?? ''] : []),
      formatCount(sign * line.quantity),
      unitMoney(amounts.lines[index]!.unitNetCents),
      amounts.lines[index]!.treatment === 'exempt' ? 'Exempt' : percentText(line.taxName === null ? 0 : line.taxPercentMilli),
      money(amounts.lines[index]!.netCents),
    ]),
  );
  doc.moveDown(0.8);
  table(
    doc,
    [
      { header: 'Tax rate', share: 0.4 },
      { header: 'Net', share: 0.2, align: 'right' },
      { header: 'Tax', share: 0.2, align: 'right' },
      { header: 'Gross', share: 0.2, align: 'right' },
    ],
    amounts.rates.map((rate) => [rateLabel(rate), money(rate.netCents), money(rate.taxCents), money(rate.grossCents)]),
  );
  totals(doc, [
    { label: 'Total net', value: money(amounts.netCents) },
    { label: 'Total tax', value: money(amounts.taxCents) },
    { label: 'Delivery', value: 'Free' },
    { label: 'Total (USD)', value: money(amounts.grossCents) },
  ]);
  if (reverseCharge) {
    doc.moveDown(0.5);
    notice(doc, REVERSE_CHARGE_WORDING);
    const vatId = order.buyerVatId;
    if (vatId) notice(doc, `Buyer's VAT number: ${vatId}`);
  }
  return amounts;
}
