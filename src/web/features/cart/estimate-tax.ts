import { centsToDollars, euVatNumberOf, milliToPercent, percentToMilli, rateFor, reverseChargeApplies, reverseChargeOrder, summariseTax, taxOrder, type PricedLine } from '../../../shared';
import type { TaxConfig } from '../../../shared/schemas/tax';

/**
 * The cart's subtotal, tax lines and total for a destination, as the server will charge them when
 * the order is placed (the same shared/tax.ts and shared/reverse-charge.ts). A buyer whose profile
 * holds an EU VAT number (the server checked its format when it was saved) sees the reverse charge
 * where it will apply; the server decides again when placing. Before the tax settings arrive: no tax.
 */
export function estimateTax(
  lines: PricedLine[],
  config: TaxConfig | undefined,
  destination: { country: string | undefined; region: string | null | undefined },
  buyerTaxId: string | null = null,
) {
  const rates = (config?.rates ?? []).map((rate) => ({ ...rate, percentMilli: percentToMilli(rate.percent) }));
  const country = destination.country ?? config?.country ?? '';
  const pricesIncludeTax = config?.pricesIncludeTax ?? false;
  const rate = rateFor(rates, country, destination.region ?? null);
  const vat = euVatNumberOf(buyerTaxId);
  const reverse = config
    ? reverseChargeApplies({ sellerCountry: config.country, buyerVatPrefix: vat?.prefix ?? null, destinationCountry: country, destinationRegion: destination.region })
    : false;
  if (reverse && vat) {
    const charged = reverseChargeOrder(lines, rate, pricesIncludeTax);
    return { subtotal: centsToDollars(charged.subtotalCents), taxLines: [], pricesIncludeTax: false, total: centsToDollars(charged.totalCents), reverseCharge: true, buyerVatId: vat.number };
  }
  const taxed = taxOrder(
    lines.map((line) => line.unitCents * line.quantity),
    rate,
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
