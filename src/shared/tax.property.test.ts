import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HUNDRED_PERCENT_MILLI, lineTaxCents, netUnitCents, reverseChargeOrder, summariseTax, taxOrder } from './tax';

const percentMilli = fc.integer({ min: 0, max: HUNDRED_PERCENT_MILLI });
const rate = fc.option(fc.record({ name: fc.constantFrom('VAT', 'Sales tax', 'GST'), percentMilli }), { nil: null });
/**
 * A cart's lines as the store prices them: 1 to 50 lines, their amounts adding up to at most
 * 2^31 - 1 cents, each with its tool's rate (tools of several classes: standard, reduced, exempt).
 */
const lines = fc.array(fc.record({ amountCents: fc.integer({ min: 0, max: 40_000_000 }), rate }), { minLength: 1, maxLength: 50 });
const RUNS = { numRuns: 5000 };

describe('the tax of random carts', () => {
  it('adds up exactly: subtotal, tax and total are the sums of the lines', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (cart, inclusive) => {
        const taxed = taxOrder(cart, inclusive);
        const lineTaxes = taxed.lines.map((line) => line.taxCents);
        expect(taxed.subtotalCents).toBe(cart.reduce((sum, line) => sum + line.amountCents, 0));
        // Each line is taxed at its own rate, whatever the others'.
        expect(lineTaxes).toEqual(cart.map((line) => lineTaxCents(line.amountCents, line.rate?.percentMilli ?? 0, inclusive)));
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

/**
 * A cart as unit prices, quantities and each tool's rate at the destination: 1 to 50 lines, each at
 * most $20,000 × 20 (their sum stays below 2^31 cents).
 */
const pricedLines = fc.array(
  fc.record({ unitCents: fc.integer({ min: 0, max: 2_000_000 }), quantity: fc.integer({ min: 1, max: 20 }), rate: fc.option(fc.record({ percentMilli }), { nil: null }) }),
  { minLength: 1, maxLength: 50 },
);

describe('random carts under reverse charge', () => {
  it('carry no tax, and their lines (net unit × quantity) add up to the subtotal and the total exactly', () => {
    fc.assert(
      fc.property(pricedLines, fc.boolean(), (cart, inclusive) => {
        const order = reverseChargeOrder(cart, inclusive);
        expect(order.taxCents).toBe(0);
        expect(summariseTax(order.lines)).toEqual([]);
        expect(order.lines.every((line) => line.taxCents === 0 && line.taxName === null && line.percentMilli === 0)).toBe(true);
        const lineAmounts = cart.map((line, index) => order.unitsCents[index]! * line.quantity);
        expect(order.lines.map((line) => line.amountCents)).toEqual(lineAmounts);
        expect(order.subtotalCents).toBe(lineAmounts.reduce((a, b) => a + b, 0));
        expect(order.totalCents).toBe(order.subtotalCents);
        expect(Number.isSafeInteger(order.totalCents)).toBe(true);
      }),
      RUNS,
    );
  });

  it('charge the net price: never more than a consumer pays, within a cent a line of what the store keeps from one', () => {
    fc.assert(
      fc.property(pricedLines, fc.boolean(), (cart, inclusive) => {
        const business = reverseChargeOrder(cart, inclusive);
        const consumer = taxOrder(
          cart.map((line) => ({ amountCents: line.unitCents * line.quantity, rate: line.rate ? { name: 'VAT', percentMilli: line.rate.percentMilli } : null })),
          inclusive,
        );
        expect(business.totalCents).toBeLessThanOrEqual(consumer.totalCents);
        // What the store keeps from the consumer (net of VAT) and what the business pays differ only by rounding:
        // half a cent per unit (the net unit price is rounded) plus half a cent per line (the consumer's line tax is).
        const slack = cart.reduce((sum, line) => sum + line.quantity / 2 + 0.5, 0);
        expect(Math.abs(business.totalCents - (consumer.totalCents - consumer.taxCents))).toBeLessThanOrEqual(slack + 1e-6);
        // Prices that exclude tax are net already: the business pays them as they are.
        cart.forEach((line, index) => {
          if (!inclusive || !line.rate) expect(business.unitsCents[index]).toBe(line.unitCents);
        });
      }),
      RUNS,
    );
  });

  it('take out the included tax per unit to within half a cent, never leaving a negative or a larger price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), percentMilli, (gross, p) => {
        const net = netUnitCents(gross, p);
        expect(Number.isSafeInteger(net)).toBe(true);
        expect(net).toBeGreaterThanOrEqual(0);
        expect(net).toBeLessThanOrEqual(gross);
        expect(Math.abs(net - (gross * HUNDRED_PERCENT_MILLI) / (HUNDRED_PERCENT_MILLI + p))).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
      RUNS,
    );
  });
});
