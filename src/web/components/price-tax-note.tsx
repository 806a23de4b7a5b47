import type { TaxConfig } from '../../shared/schemas/tax';

/**
 * What a shown price means for tax (decision 048): "incl. VAT" where catalogue prices include it,
 * "plus tax" where tax is added at checkout, nothing while the store has no rates (or before its
 * tax settings arrived: the server-rendered page says nothing either).
 */
export function PriceTaxNote({ config }: { config: Pick<TaxConfig, 'pricesIncludeTax' | 'rates'> | undefined }) {
  if (!config || config.rates.length === 0) return null;
  return <span className="text-sm font-normal text-base-content/80" data-testid="price-tax-note">{config.pricesIncludeTax ? 'incl. VAT' : 'plus tax'}</span>;
}
