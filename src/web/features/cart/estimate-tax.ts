import { centsToDollars, milliToPercent, percentToMilli, rateFor, summariseTax, taxOrder } from '../../../shared';
import type { TaxConfig } from '../../../shared/schemas/tax';

/**
 * The cart's subtotal, tax lines and total for a destination, as the server will charge them when
 * the order is placed (the same shared/tax.ts). Before the store's tax settings arrive: no tax.
 */
export function estimateTax(amountsCents: number[], config: TaxConfig | undefined, destination: { country: string | undefined; region: string | null | undefined }) {
  const rates = (config?.rates ?? []).map((rate) => ({ ...rate, percentMilli: percentToMilli(rate.percent) }));
  const country = destination.country ?? config?.country ?? '';
  const pricesIncludeTax = config?.pricesIncludeTax ?? false;
  const taxed = taxOrder(amountsCents, rateFor(rates, country, destination.region ?? null), pricesIncludeTax);
  return {
    subtotal: centsToDollars(taxed.subtotalCents),
    taxLines: summariseTax(taxed.lines).map((row) => ({ name: row.name, percent: milliToPercent(row.percentMilli), amount: centsToDollars(row.taxCents) })),
    pricesIncludeTax,
    total: centsToDollars(taxed.totalCents),
  };
}
