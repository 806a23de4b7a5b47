import { describe, expect, it } from 'vitest';
import { lineTaxCents, milliToPercent, percentToMilli, rateFor, summariseTax, taxOrder, type TaxRate } from './tax';

const rate = (country: string, region: string | null, percent: number, name = 'Tax', taxClass: TaxRate['taxClass'] = 'standard'): TaxRate => ({
  country,
  region,
  name,
  percentMilli: percentToMilli(percent),
  taxClass,
});
const at = (name: string, percentMilli: number) => ({ name, percentMilli });

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

describe('the rate of a tool’s class at a destination', () => {
  const rates = [
    rate('DE', null, 19, 'MwSt'),
    rate('DE', null, 7, 'MwSt ermäßigt', 'reduced'),
    rate('US', null, 1, 'Federal'),
    rate('US', 'US-CA', 7.25, 'CA sales tax'),
    rate('US', 'US-CA', 2, 'CA reduced', 'reduced'),
    rate('FR', null, 0, 'TVA zéro', 'reduced'),
  ];

  it('is the class’s own rate where the owner set one, the region’s before the country’s', () => {
    expect(rateFor(rates, 'DE', null, 'reduced')?.name).toBe('MwSt ermäßigt');
    expect(rateFor(rates, 'DE', null, 'standard')?.name).toBe('MwSt');
    expect(rateFor(rates, 'US', 'US-CA', 'reduced')?.name).toBe('CA reduced');
    expect(rateFor(rates, 'FR', null, 'reduced')?.percentMilli).toBe(0);
  });

  it('falls back to the standard rate for a reduced tool where no reduced rate is set', () => {
    expect(rateFor(rates, 'US', 'US-TX', 'reduced')?.name).toBe('Federal');
    expect(rateFor([rate('US', 'US-CA', 7.25, 'CA sales tax')], 'US', 'US-CA', 'reduced')?.name).toBe('CA sales tax');
  });

  it('never gives a standard tool a reduced rate, nor an exempt tool any', () => {
    expect(rateFor(rates, 'FR', null, 'standard')).toBeNull();
    expect(rateFor(rates, 'DE', null, 'exempt')).toBeNull();
    expect(rateFor(rates, 'US', 'US-CA', 'exempt')).toBeNull();
  });
});

describe('the tax of an order', () => {
  it('adds tax to net prices: total = subtotal + tax', () => {
    const ca = at('CA sales tax', 7250);
    const taxed = taxOrder([{ amountCents: 1999, rate: ca }, { amountCents: 4550, rate: ca }], false);
    expect(taxed.lines.map((line) => line.taxCents)).toEqual([145, 330]); // 144.93, 329.875
    expect(taxed).toMatchObject({ subtotalCents: 6549, taxCents: 475, totalCents: 7024 });
  });

  it('leaves the total alone when prices include tax', () => {
    const mwst = at('MwSt', 19_000);
    const taxed = taxOrder([{ amountCents: 11_900, rate: mwst }, { amountCents: 1000, rate: mwst }], true);
    expect(taxed).toMatchObject({ subtotalCents: 12_900, taxCents: 1900 + 160, totalCents: 12_900 });
  });

  it('is the subtotal alone without a rate', () => {
    expect(taxOrder([{ amountCents: 1000, rate: null }, { amountCents: 2000, rate: null }], false)).toMatchObject({ subtotalCents: 3000, taxCents: 0, totalCents: 3000 });
  });

  it('taxes each line at its own rate: a standard, a reduced and an exempt tool in one cart', () => {
    const taxed = taxOrder(
      [
        { amountCents: 10_000, rate: at('MwSt', 19_000) },
        { amountCents: 5000, rate: at('MwSt ermäßigt', 7000) },
        { amountCents: 2000, rate: null },
      ],
      false,
    );
    expect(taxed.lines.map((line) => [line.taxName, line.taxCents])).toEqual([
      ['MwSt', 1900],
      ['MwSt ermäßigt', 350],
      [null, 0],
    ]);
    expect(taxed).toMatchObject({ subtotalCents: 17_000, taxCents: 2250, totalCents: 19_250 });
    expect(summariseTax(taxed.lines)).toEqual([
      { name: 'MwSt', percentMilli: 19_000, taxCents: 1900 },
      { name: 'MwSt ermäßigt', percentMilli: 7000, taxCents: 350 },
    ]);
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
