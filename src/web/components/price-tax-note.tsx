import type { TaxClass } from '../../shared';
import type { TaxConfig } from '../../shared/schemas/tax';

/**
 * What a shown price means for tax (decision 048): "incl. VAT" where catalogue prices include it,
 * "plus tax" where tax is added at checkout, "tax exempt" for a tool of the exempt class (it pays
 * no rate anywhere, so neither would be true), nothing while the store has no rates (or before its
 * tax settings arrived: the server-rendered page says nothing either).
 */
export function PriceTaxNote({ config, taxClass }: { config: Pick<TaxConfig, 'pricesIncludeTax' | 'rates'> | undefined; taxClass: TaxClass }) {
  if (!config || config.rates.length === 0) return null;
  const note = taxClass === 'exempt' ? 'tax exempt' : config.pricesIncludeTax ? 'incl. VAT' : 'plus tax';
  return <span className="text-sm font-normal text-base-content/80" data-testid="price-tax-note">{note}</span>;
}
