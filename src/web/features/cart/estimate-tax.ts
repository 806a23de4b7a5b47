import { centsToDollars, euVatNumberOf, milliToPercent, percentToMilli, rateFor, reverseChargeApplies, reverseChargeOrder, summariseTax, taxOrder, type TaxClass } from '../../../shared';
import type { TaxConfig } from '../../../shared/schemas/tax';

/** A cart line as the estimate prices it: its tool's unit price, how many, and the tool's tax class. */
export interface LineToEstimate {
  unitCents: number;
  quantity: number;
  taxClass: TaxClass;
}

/**
 * The cart's subtotal, tax lines and total for a destination, as the server will charge them when
 * the order is placed (the same shared/tax.ts and shared/reverse-charge.ts, and each line at its
 * tool's class's rate, as server/orders/place-order.ts prices it). A buyer whose profile holds an
 * EU VAT number (the server checked its format when it was saved) sees the reverse charge where it
 * will apply; the server decides again when placing. Before the tax settings arrive: no tax.
 */
export function estimateTax(
  lines: LineToEstimate[],
  config: TaxConfig | undefined,
  destination: { country: string | undefined; region: string | null | undefined },
  buyerTaxId: string | null = null,
) {
  const rates = (config?.rates ?? []).map((rate) => ({ ...rate, percentMilli: percentToMilli(rate.percent) }));
  const country = destination.country ?? config?.country ?? '';
  const pricesIncludeTax = config?.pricesIncludeTax ?? false;
  // Each line at its tool's class's rate there: a reduced rate where one is set, none when exempt.
  const priced = lines.map((line) => ({ ...line, rate: rateFor(rates, country, destination.region ?? null, line.taxClass) }));
  const vat = euVatNumberOf(buyerTaxId);
  const reverse = config
    ? reverseChargeApplies({ sellerCountry: config.country, buyerVatPrefix: vat?.prefix ?? null, destinationCountry: country, destinationRegion: destination.region })
    : false;
  if (reverse && vat) {
    const charged = reverseChargeOrder(priced, pricesIncludeTax);
    return { subtotal: centsToDollars(charged.subtotalCents), taxLines: [], pricesIncludeTax: false, total: centsToDollars(charged.totalCents), reverseCharge: true, buyerVatId: vat.number };
  }
  const taxed = taxOrder(
    priced.map((line) => ({ amountCents: line.unitCents * line.quantity, rate: line.rate })),
    pricesIncludeTax,
  );
  return {
    subtotal: centsToDollars(taxed.subtotalCents),
    taxLines: summariseTax(taxed.lines).map((row) => ({ name: row.name, percent: milliToPercent(row.percentMilli), amount: centsToDollars(row.taxCents) })),
    pricesIncludeTax,
    total: centsToDollars(taxed.totalCents),
    reverseCharge: false,
    buyerVatId: null,
  };
}
