/**
 * The amounts an invoice or a credit note prints (EU Directive 2006/112/EC art. 226), derived in
 * integer cents from what the order keeps: each line's price as priced (net, or gross when the
 * order's prices included tax), its quantity, its rate and its tax (src/shared/tax.ts, decision 048).
 * The tax is never computed again: the order's tax cents are the truth, and net and gross follow
 * from them, so the lines, the rates and the totals add up to the order's total to the cent.
 */
import type { TaxClass } from '../../shared';

/** What a line of an order keeps that its amounts need. */
export interface PricedLine {
  priceCents: number;
  quantity: number;
  taxName: string | null;
  taxPercentMilli: number;
  taxCents: number;
  /** Its tool's class when the order was placed; lines from before classes are standard. */
  taxClass?: TaxClass;
}

/**
 * How a line is taxed, which the documents print and the e-invoice codes (UNCL 5305):
 * - `taxed`: at a rate above 0 % (S);
 * - `zero`: at a rate of 0 % the owner set (Z);
 * - `exempt`: an exempt tool where the destination taxes others (E);
 * - `untaxed`: the destination charges no tax on it (O); an exempt tool goes with them when the
 *   order has such a line, since EN 16931 lets "not subject to tax" share an invoice with nothing else;
 * - `reverse-charge`: the EU business buyer accounts for the VAT (AE).
 */
export type TaxTreatment = 'taxed' | 'zero' | 'exempt' | 'untaxed' | 'reverse-charge';

function treatmentsOf(lines: readonly PricedLine[], reverseCharge: boolean): TaxTreatment[] {
  const untaxedHere = (line: PricedLine) => line.taxName === null && line.taxClass !== 'exempt';
  const destinationUntaxed = lines.some(untaxedHere);
  return lines.map((line) => {
    if (reverseCharge) return 'reverse-charge';
    if (line.taxName !== null) return line.taxPercentMilli > 0 ? 'taxed' : 'zero';
    return untaxedHere(line) || destinationUntaxed ? 'untaxed' : 'exempt';
  });
}

export interface LineAmounts {
  /** The line's amount without tax. */
  netCents: number;
  taxCents: number;
  /** The line's amount with tax. */
  grossCents: number;
  /**
   * The unit price without tax. Whole cents when prices excluded tax; when they included it, the
   * net amount over the quantity, which may fall between cents (printed with up to four decimals).
   */
  unitNetCents: number;
}

export interface RateAmounts {
  treatment: TaxTreatment;
  /** The tax's name as the order was placed ('CA sales tax'), or null for lines without a rate. */
  name: string | null;
  percentMilli: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface DocumentAmounts {
  lines: Array<LineAmounts & { treatment: TaxTreatment }>;
  /** One row per name and rate, in the order they first appear; lines without a rate make one row per treatment, at 0 %. */
  rates: RateAmounts[];
  netCents: number;
  taxCents: number;
  /** Equals the order's total: what the buyer paid. */
  grossCents: number;
}

export function lineAmounts(line: PricedLine, pricesIncludeTax: boolean): LineAmounts {
  const amountCents = line.priceCents * line.quantity;
  const netCents = pricesIncludeTax ? amountCents - line.taxCents : amountCents;
  const grossCents = pricesIncludeTax ? amountCents : amountCents + line.taxCents;
  return { netCents, taxCents: line.taxCents, grossCents, unitNetCents: pricesIncludeTax ? netCents / line.quantity : line.priceCents };
}

/**
 * The amounts of a document of these lines. `sign` -1 gives a credit note's: every amount negated,
 * so that the credit note and the invoice it corrects add up to zero, line by line and rate by rate.
 */
export function documentAmounts(
  lines: readonly PricedLine[],
  { pricesIncludeTax, reverseCharge = false, sign = 1 }: { pricesIncludeTax: boolean; reverseCharge?: boolean | undefined; sign?: 1 | -1 },
): DocumentAmounts {
  const signed = (cents: number) => (cents === 0 ? 0 : sign * cents);
  const perLine = lines.map((line) => lineAmounts(line, pricesIncludeTax));
  const treatments = treatmentsOf(lines, reverseCharge);
  const rates = new Map<string, RateAmounts>();
  perLine.forEach((amounts, index) => {
    const line = lines[index]!;
    const treatment = treatments[index]!;
    const named = treatment === 'taxed' || treatment === 'zero';
    const key = named ? `${line.taxPercentMilli}\u0000${line.taxName}` : treatment;
    const row = rates.get(key) ?? { treatment, name: named ? line.taxName : null, percentMilli: named ? line.taxPercentMilli : 0, netCents: 0, taxCents: 0, grossCents: 0 };
    row.netCents += amounts.netCents;
    row.taxCents += amounts.taxCents;
    row.grossCents += amounts.grossCents;
    rates.set(key, row);
  });
  const sum = (rows: readonly { netCents: number; taxCents: number; grossCents: number }[], key: 'netCents' | 'taxCents' | 'grossCents') =>
    rows.reduce((total, row) => total + row[key], 0);
  const flip = <T extends { netCents: number; taxCents: number; grossCents: number }>(row: T): T => ({
    ...row,
    netCents: signed(row.netCents),
    taxCents: signed(row.taxCents),
    grossCents: signed(row.grossCents),
  });
  return {
    lines: perLine.map((row, index) => ({ ...flip(row), unitNetCents: row.unitNetCents, treatment: treatments[index]! })),
    rates: [...rates.values()].map(flip),
    netCents: signed(sum(perLine, 'netCents')),
    taxCents: signed(sum(perLine, 'taxCents')),
    grossCents: signed(sum(perLine, 'grossCents')),
  };
}
