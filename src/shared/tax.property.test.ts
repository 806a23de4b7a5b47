import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HUNDRED_PERCENT_MILLI, lineTaxCents, summariseTax, taxOrder } from './tax';

/** A cart's lines as the store prices them: 1 to 50 lines, their amounts adding up to at most 2^31 - 1 cents. */
const amounts = fc.array(fc.integer({ min: 0, max: 40_000_000 }), { minLength: 1, maxLength: 50 });
const percentMilli = fc.integer({ min: 0, max: HUNDRED_PERCENT_MILLI });
const rate = fc.option(fc.record({ name: fc.constantFrom('VAT', 'Sales tax', 'GST'), percentMilli }), { nil: null });
const RUNS = { numRuns: 5000 };

describe('the tax of random carts', () => {
  it('adds up exactly: subtotal, tax and total are the sums of the lines', () => {
    fc.assert(
      fc.property(amounts, rate, fc.boolean(), (cart, chosen, inclusive) => {
        const taxed = taxOrder(cart, chosen, inclusive);
        const lineTaxes = taxed.lines.map((line) => line.taxCents);
        expect(taxed.subtotalCents).toBe(cart.reduce((a, b) => a + b, 0));
        expect(taxed.taxCents).toBe(lineTaxes.reduce((a, b) => a + b, 0));
        // What each line costs the buyer adds up to the total, to the cent.
        const linePays = taxed.lines.map((line) => (inclusive ? line.amountCents : line.amountCents + line.taxCents));
        expect(taxed.totalCents).toBe(linePays.reduce((a, b) => a + b, 0));
        expect(taxed.totalCents).toBe(inclusive ? taxed.subtotalCents : taxed.subtotalCents + taxed.taxCents);
        // The summary by rate adds up to the tax too.
        expect(summariseTax(taxed.lines).reduce((sum, row) => sum + row.taxCents, 0)).toBe(taxed.taxCents);
        for (const value of [taxed.subtotalCents, taxed.taxCents, taxed.totalCents, ...lineTaxes]) expect(Number.isSafeInteger(value)).toBe(true);
      }),
      RUNS,
    );
  });

  it('never gives negative tax, nor more than the rate allows, and is within half a cent of the exact amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), percentMilli, fc.boolean(), (amount, p, inclusive) => {
        const tax = lineTaxCents(amount, p, inclusive);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(tax)).toBe(true);
        const exact = inclusive ? (amount * p) / (HUNDRED_PERCENT_MILLI + p) : (amount * p) / HUNDRED_PERCENT_MILLI;
        expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        // Included tax is never more than the gross amount's half (at 100 %), so the net part is never negative.
        if (inclusive) expect(tax).toBeLessThanOrEqual(Math.ceil(amount / 2));
      }),
      RUNS,
    );
  });

  it('grows with the rate and with the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), percentMilli, percentMilli, fc.boolean(), (amount, p1, p2, inclusive) => {
        const [low, high] = p1 <= p2 ? [p1, p2] : [p2, p1];
        expect(lineTaxCents(amount, low, inclusive)).toBeLessThanOrEqual(lineTaxCents(amount, high, inclusive));
        expect(lineTaxCents(amount, low, inclusive)).toBeLessThanOrEqual(lineTaxCents(amount + 1, low, inclusive));
      }),
      RUNS,
    );
  });
});
