/**
 * The tax of an order, in integer cents (decision 048). Pure: the server places orders with it and
 * the tests check it over thousands of random carts (tax.property.test.ts). Rates are kept as
 * thousandths of a percent (7.25 % → 7250) so that every step is integer arithmetic.
 */

/**
 * A tool's tax class (Vendure's tax categories, kept to the three a tool store needs): most tools
 * are standard; some goods pay a reduced rate where the destination has one (safety equipment in
 * some countries, books in the documentation bundle); exempt goods pay none anywhere.
 */
export const TAX_CLASSES = ['standard', 'reduced', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
/** The classes a rate can be set for: an exempt tool pays no rate, so none is set for it. */
export const RATED_TAX_CLASSES = ['standard', 'reduced'] as const;
export type RatedTaxClass = (typeof RATED_TAX_CLASSES)[number];

/** One rate, as the owner set it for a destination and a class of tools. */
export interface TaxRate {
  /** ISO 3166-1 alpha-2, upper case ('US'). */
  country: string;
  /** ISO 3166-2 ('US-CA'), or null for the whole country. */
  region: string | null;
  name: string;
  /** Thousandths of a percent: 7.25 % is 7250; 0 to 100,000. */
  percentMilli: number;
  /** The tools it taxes. */
  taxClass: RatedTaxClass;
}

/** The whole of 100 %, in thousandths of a percent. */
export const HUNDRED_PERCENT_MILLI = 100_000;

/** 7.25 → 7250. Callers validate first (at most three decimals, 0 to 100). */
export const percentToMilli = (percent: number) => Math.round(percent * 1000);
/** 7250 → 7.25. */
export const milliToPercent = (milli: number) => milli / 1000;

/** `numerator / denominator` rounded half up, for non-negative integers. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The tax of one line whose price × quantity is `amountCents`:
 * - prices exclude tax (a US-style store): the tax added, round-half-up(amount × p / 100);
 * - prices include tax (an EU consumer store): the part of the gross amount that is tax,
 *   round-half-up(amount × p / (100 + p)).
 * Numbers stay below 2^53: an order's amount is at most 2^31 cents and p at most 100,000.
 */
export function lineTaxCents(amountCents: number, percentMilli: number, pricesIncludeTax: boolean): number {
  if (percentMilli <= 0 || amountCents <= 0) return 0;
  const denominator = pricesIncludeTax ? HUNDRED_PERCENT_MILLI + percentMilli : HUNDRED_PERCENT_MILLI;
  return divideHalfUp(amountCents * percentMilli, denominator);
}

/** The rate set for exactly this destination and class: the region's, else the country's. */
function rateOfClass<R extends TaxRate>(inCountry: readonly R[], region: string | null | undefined, taxClass: RatedTaxClass): R | null {
  const ofClass = inCountry.filter((rate) => rate.taxClass === taxClass);
  return (region ? ofClass.find((rate) => rate.region === region) : undefined) ?? ofClass.find((rate) => rate.region === null) ?? null;
}

/**
 * The rate for a destination and a tool's class (decision 048):
 * - an exempt tool pays none;
 * - the class's rate: the region's when the owner set one, else the country's;
 * - a reduced tool where no reduced rate is set pays the standard one: a reduced rate is an
 *   exception the owner declares where it applies, and tax charged too low is the seller's debt;
 * - none of these: the destination pays no tax (null).
 */
export function rateFor<R extends TaxRate>(rates: readonly R[], country: string, region: string | null | undefined, taxClass: TaxClass = 'standard'): R | null {
  if (taxClass === 'exempt') return null;
  const inCountry = rates.filter((rate) => rate.country === country);
  return rateOfClass(inCountry, region, taxClass) ?? (taxClass === 'standard' ? null : rateOfClass(inCountry, region, 'standard'));
}

export interface TaxedLine {
  /** price × quantity, as the catalogue prices it (net or gross, as the store's setting says). */
  amountCents: number;
  percentMilli: number;
  taxName: string | null;
  taxCents: number;
}

export interface OrderTax {
  lines: TaxedLine[];
  /** The lines' amounts added up, as priced. */
  subtotalCents: number;
  /** The lines' taxes added up. */
  taxCents: number;
  /** What the buyer pays: the subtotal plus the tax, or the subtotal alone when prices include it. */
  totalCents: number;
}

/** A line to tax: price × quantity, as the catalogue prices it, and its rate (none: untaxed). */
export interface LineToTax {
  amountCents: number;
  rate: Pick<TaxRate, 'name' | 'percentMilli'> | null;
}

/** Taxes each line at its own rate (or none) and adds them up: the lines always add up to the total. */
export function taxOrder(linesToTax: readonly LineToTax[], pricesIncludeTax: boolean): OrderTax {
  const lines = linesToTax.map(({ amountCents, rate }) => {
    const percentMilli = rate?.percentMilli ?? 0;
    return { amountCents, percentMilli, taxName: rate?.name ?? null, taxCents: lineTaxCents(amountCents, percentMilli, pricesIncludeTax) };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { lines, subtotalCents, taxCents, totalCents: pricesIncludeTax ? subtotalCents : subtotalCents + taxCents };
}

/** One row of an order's tax summary: the lines taxed under one name at one rate, added up. */
export interface TaxSummaryLine {
  name: string;
  percentMilli: number;
  taxCents: number;
}

/** The order's tax lines, one per name and rate, in the order they first appear; untaxed lines make none. */
export function summariseTax(lines: ReadonlyArray<Pick<TaxedLine, 'taxName' | 'percentMilli' | 'taxCents'>>): TaxSummaryLine[] {
  const summary = new Map<string, TaxSummaryLine>();
  for (const line of lines) {
    if (line.taxName === null || line.percentMilli === 0) continue;
    const key = `${line.percentMilli}\u0000${line.taxName}`;
    const row = summary.get(key) ?? { name: line.taxName, percentMilli: line.percentMilli, taxCents: 0 };
    row.taxCents += line.taxCents;
    summary.set(key, row);
  }
  return [...summary.values()];
}

/**
 * The net of a unit price that includes tax at `percentMilli`: round-half-up(gross × 100 / (100 + p)).
 * For a buyer who pays no VAT (reverse charge) in a store whose prices include it.
 */
export function netUnitCents(grossUnitCents: number, percentMilli: number): number {
  if (percentMilli <= 0 || grossUnitCents <= 0) return grossUnitCents;
  return divideHalfUp(grossUnitCents * HUNDRED_PERCENT_MILLI, HUNDRED_PERCENT_MILLI + percentMilli);
}

/**
 * A line as the catalogue prices it: the unit price (net or gross, as the store's setting says),
 * how many, and the rate its tool would pay at the destination (none: untaxed there).
 */
export interface PricedLine {
  unitCents: number;
  quantity: number;
  rate: Pick<TaxRate, 'percentMilli'> | null;
}

/** An order under reverse charge: no tax on any line, and each line's unit price net. */
export interface ReverseChargedOrder extends OrderTax {
  /** Each line's unit price as charged: net of the tax the catalogue price included, if it did. */
  unitsCents: number[];
}

/**
 * Prices an order under reverse charge (decision 048): no line is taxed. Where catalogue prices
 * include tax, the business pays the net price, the gross unit price without the tax at the
 * line's rate there (what the store keeps from a consumer there), rounded per unit so each line is
 * unit × quantity and the lines add up; the invoice shows that net unit price. Where prices exclude
 * tax they are net already. A destination without a rate has nothing to take out.
 */
export function reverseChargeOrder(lines: readonly PricedLine[], pricesIncludeTax: boolean): ReverseChargedOrder {
  const unitsCents = lines.map((line) => (pricesIncludeTax && line.rate ? netUnitCents(line.unitCents, line.rate.percentMilli) : line.unitCents));
  const taxed = taxOrder(
    lines.map((line, index) => ({ amountCents: unitsCents[index]! * line.quantity, rate: null })),
    false,
  );
  return { ...taxed, unitsCents };
}
