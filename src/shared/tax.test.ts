import { describe, expect, it } from 'vitest';
import { lineTaxCents, milliToPercent, percentToMilli, rateFor, summariseTax, taxOrder, type TaxRate } from './tax';

const rate = (country: string, region: string | null, percent: number, name = 'Tax'): TaxRate => ({ country, region, name, percentMilli: percentToMilli(percent) });

describe('the tax of a line', () => {
  it('is added to net prices, rounded half up', () => {
    expect(lineTaxCents(10_000, percentToMilli(7.25), false)).toBe(725);
    // 0.5 cent rounds up: 10 cents at 5 % is 0.5 cent.
    expect(lineTaxCents(10, percentToMilli(5), false)).toBe(1);
    // 0.49 cent rounds down.
    expect(lineTaxCents(7, percentToMilli(7), false)).toBe(0);
    expect(lineTaxCents(1999, percentToMilli(8.875), false)).toBe(177); // 177.41
  });

  it('is the part of gross prices that is tax when prices include it', () => {
    // €119.00 at 19 % holds €19.00 of VAT.
    expect(lineTaxCents(11_900, percentToMilli(19), true)).toBe(1900);
    // €10.00 at 20 %: 166.666… → 167.
    expect(lineTaxCents(1000, percentToMilli(20), true)).toBe(167);
    // 100 % of a gross amount is half of it: 1 cent → 0.5 → 1.
    expect(lineTaxCents(1, percentToMilli(100), true)).toBe(1);
  });

  it('is nothing at 0 % or on a free line', () => {
    expect(lineTaxCents(5000, 0, false)).toBe(0);
    expect(lineTaxCents(0, percentToMilli(20), true)).toBe(0);
  });

  it('keeps three decimals of a percent exactly', () => {
    expect(percentToMilli(7.125)).toBe(7125);
    expect(percentToMilli(0.001)).toBe(1);
    expect(milliToPercent(7250)).toBe(7.25);
  });
});

describe('the rate of a destination', () => {
  const rates = [rate('US', null, 1, 'Federal'), rate('US', 'US-CA', 7.25, 'CA sales tax'), rate('DE', null, 19, 'MwSt')];
  it('is the region’s when it has one, else the country’s, else none', () => {
    expect(rateFor(rates, 'US', 'US-CA')?.name).toBe('CA sales tax');
    expect(rateFor(rates, 'US', 'US-TX')?.name).toBe('Federal');
    expect(rateFor(rates, 'US', null)?.name).toBe('Federal');
    expect(rateFor(rates, 'DE', 'DE-BY')?.name).toBe('MwSt');
    expect(rateFor(rates, 'FR', null)).toBeNull();
    expect(rateFor([rate('US', 'US-CA', 7.25)], 'US', 'US-NY')).toBeNull();
  });
});

describe('the tax of an order', () => {
  it('adds tax to net prices: total = subtotal + tax', () => {
    const taxed = taxOrder([1999, 4550], { name: 'CA sales tax', percentMilli: 7250 }, false);
    expect(taxed.lines.map((line) => line.taxCents)).toEqual([145, 330]); // 144.93, 329.875
    expect(taxed).toMatchObject({ subtotalCents: 6549, taxCents: 475, totalCents: 7024 });
  });

  it('leaves the total alone when prices include tax', () => {
    const taxed = taxOrder([11_900, 1000], { name: 'MwSt', percentMilli: 19_000 }, true);
    expect(taxed).toMatchObject({ subtotalCents: 12_900, taxCents: 1900 + 160, totalCents: 12_900 });
  });

  it('is the subtotal alone without a rate', () => {
    expect(taxOrder([1000, 2000], null, false)).toMatchObject({ subtotalCents: 3000, taxCents: 0, totalCents: 3000 });
  });

  it('sums up tax by name and rate, leaving out untaxed lines', () => {
    expect(
      summariseTax([
        { taxName: 'VAT', percentMilli: 20_000, taxCents: 10 },
        { taxName: null, percentMilli: 0, taxCents: 0 },
        { taxName: 'VAT', percentMilli: 20_000, taxCents: 5 },
        { taxName: 'VAT', percentMilli: 5000, taxCents: 1 },
      ]),
    ).toEqual([
      { name: 'VAT', percentMilli: 20_000, taxCents: 15 },
      { name: 'VAT', percentMilli: 5000, taxCents: 1 },
    ]);
  });
});
