import { describe, expect, it } from 'vitest';
import { euVatNumberOf, reverseChargeApplies, vatAreaOf } from './reverse-charge';
import { netUnitCents, percentToMilli, reverseChargeOrder } from './tax';

describe('which tax ids read as EU VAT numbers', () => {
  it('are those with an EU VAT prefix, Greece as EL (or GR) and Northern Ireland as XI, compacted', () => {
    expect(euVatNumberOf('DE136695976')).toEqual({ prefix: 'DE', number: 'DE136695976' });
    expect(euVatNumberOf(' de 136.695-976 ')).toEqual({ prefix: 'DE', number: 'DE136695976' });
    expect(euVatNumberOf('EL094259216')).toEqual({ prefix: 'EL', number: 'EL094259216' });
    expect(euVatNumberOf('GR094259216')).toEqual({ prefix: 'EL', number: 'EL094259216' });
    expect(euVatNumberOf('XI980780684')).toEqual({ prefix: 'XI', number: 'XI980780684' });
    expect(euVatNumberOf('ATU13585627')?.prefix).toBe('AT');
    expect(euVatNumberOf('FRXX123456789')?.prefix).toBe('FR');
    // Malformed, but still meant as a German VAT number: the server's check refuses it.
    expect(euVatNumberOf('DE123')?.prefix).toBe('DE');
  });

  it('are not a US EIN, a British, Swiss or Norwegian number, nor a word', () => {
    for (const other of ['12-3456789', 'US-12-3456789', 'GB980780684', 'CHE-123.456.788 MWST', 'NO123456785MVA', 'EIN 12-3456789', 'Deutschland', '', null, undefined]) {
      expect(euVatNumberOf(other)).toBeNull();
    }
  });
});

describe('when an order goes under reverse charge', () => {
  const facts = { sellerCountry: 'FR', buyerVatPrefix: 'DE', destinationCountry: 'DE', destinationRegion: null };

  it('applies to an EU business with a number of another state, delivered to another EU state', () => {
    expect(reverseChargeApplies(facts)).toBe(true);
    // The number need not be of the destination's state, only not of the seller's.
    expect(reverseChargeApplies({ ...facts, buyerVatPrefix: 'NL' })).toBe(true);
    expect(reverseChargeApplies({ ...facts, destinationCountry: 'GR', buyerVatPrefix: 'EL' })).toBe(true);
    expect(reverseChargeApplies({ ...facts, destinationCountry: 'GB', destinationRegion: 'GB-NIR', buyerVatPrefix: 'XI' })).toBe(true);
  });

  it('does not apply at home, to consumers, outside the EU, or with a number of the seller’s own state', () => {
    expect(reverseChargeApplies({ ...facts, destinationCountry: 'FR' })).toBe(false);
    expect(reverseChargeApplies({ ...facts, buyerVatPrefix: null })).toBe(false);
    expect(reverseChargeApplies({ ...facts, buyerVatPrefix: 'FR' })).toBe(false);
    expect(reverseChargeApplies({ ...facts, destinationCountry: 'US', destinationRegion: 'US-CA' })).toBe(false);
    expect(reverseChargeApplies({ ...facts, destinationCountry: 'GB', destinationRegion: 'GB-ENG' })).toBe(false);
    expect(reverseChargeApplies({ ...facts, sellerCountry: 'US' })).toBe(false);
  });

  it('knows the VAT area of a place', () => {
    expect(vatAreaOf('GR', null)).toBe('EL');
    expect(vatAreaOf('GB', 'GB-NIR')).toBe('XI');
    expect(vatAreaOf('GB', null)).toBeNull();
    expect(vatAreaOf('CH', null)).toBeNull();
  });
});

describe('the price under reverse charge', () => {
  it('is the net of a gross price at the destination’s rate, rounded per unit', () => {
    // €119.00 incl. 19 % is €100.00 net; €10.00 incl. 20 % is €8.333… → €8.33.
    expect(netUnitCents(11_900, percentToMilli(19))).toBe(10_000);
    expect(netUnitCents(1000, percentToMilli(20))).toBe(833);
    const vat = { percentMilli: percentToMilli(19) };
    const order = reverseChargeOrder(
      [
        { unitCents: 11_900, quantity: 2, rate: vat },
        { unitCents: 1000, quantity: 3, rate: vat },
      ],
      true,
    );
    expect(order.unitsCents).toEqual([10_000, 840]);
    expect(order).toMatchObject({ subtotalCents: 22_520, taxCents: 0, totalCents: 22_520 });
  });

  it('takes out each line’s own rate: a reduced tool’s net is its gross without the reduced rate', () => {
    const order = reverseChargeOrder(
      [
        { unitCents: 11_900, quantity: 1, rate: { percentMilli: percentToMilli(19) } },
        { unitCents: 10_700, quantity: 1, rate: { percentMilli: percentToMilli(7) } },
        { unitCents: 5000, quantity: 1, rate: null },
      ],
      true,
    );
    expect(order.unitsCents).toEqual([10_000, 10_000, 5000]);
  });

  it('is the catalogue price when prices exclude tax', () => {
    const order = reverseChargeOrder([{ unitCents: 4999, quantity: 2, rate: { percentMilli: percentToMilli(19) } }], false);
    expect(order).toMatchObject({ unitsCents: [4999], subtotalCents: 9998, taxCents: 0, totalCents: 9998 });
  });
});
