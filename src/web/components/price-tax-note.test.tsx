import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_TAX_CONFIG } from '../../../tests/support/web/fake-store';
import { PriceTaxNote } from './price-tax-note';

/** The words beside the purchase page's price (decision 048), by the tool's tax class. */
describe('PriceTaxNote', () => {
  const withRates = { ...FAKE_TAX_CONFIG, rates: [{ country: 'US', region: null, name: 'Sales tax', percent: 5, taxClass: 'standard' as const }] };

  it('says tax is added, or included, for a tool that pays it', () => {
    const { unmount } = render(<PriceTaxNote config={withRates} taxClass="reduced" />);
    expect(screen.getByTestId('price-tax-note').textContent).toBe('plus tax');
    unmount();
    render(<PriceTaxNote config={{ ...withRates, pricesIncludeTax: true }} taxClass="standard" />);
    expect(screen.getByTestId('price-tax-note').textContent).toBe('incl. VAT');
  });

  it('says an exempt tool is tax exempt, and nothing while the store has no rates', () => {
    const { unmount } = render(<PriceTaxNote config={{ ...withRates, pricesIncludeTax: true }} taxClass="exempt" />);
    expect(screen.getByTestId('price-tax-note').textContent).toBe('tax exempt');
    unmount();
    render(<PriceTaxNote config={FAKE_TAX_CONFIG} taxClass="exempt" />);
    expect(screen.queryByTestId('price-tax-note')).toBeNull();
  });
});
