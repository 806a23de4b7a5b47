import { Link } from 'react-router';
import { canBeBought } from '../../../../../shared/buying';
import type { ToolDetail } from '../../../../../shared/schemas/catalogue';
import { formatUsd } from '../../../../../shared/text';
import { AddToCartButton } from '../../../../components/add-to-cart-button';
import { paths } from '../../../../config/paths';
import { StockStateBadge } from './stock-state-badge';
import { useQuery } from '@tanstack/react-query';
import type { TaxConfig } from '../../../../../shared/schemas/tax';
import type { TaxClass } from '../../../../../shared/tax';
import { apiGet } from '../../../../lib/api-client';

/**
 * The buying side of a tool's page: name, SKU, price, minimum order, stock, description, and the
 * two ways to buy. Purchase opens the spec's purchase page (which asks a visitor to sign in first
 * and brings them back); Add to cart adds the minimum order.
 */
export function ToolSummary({ tool }: { tool: ToolDetail }) {
  const onSale = canBeBought(tool);
  const taxNote = useTaxNote(tool.taxClass);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-3xl font-bold" id="tool-name">{tool.name}</h1>
        <p className="mt-1 text-sm text-base-content/80">
          SKU <span className="font-mono" data-testid="tool-sku">{tool.sku}</span>
        </p>
      </div>
      <p className="text-3xl font-semibold text-primary">
        {formatUsd(tool.price)} <span className="text-base font-normal text-base-content/80">per unit</span>{' '}
        {taxNote && <span className="text-sm font-normal text-base-content/80" data-testid="price-tax-note">{taxNote}</span>}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <StockStateBadge tool={tool} />
        <span className="text-sm">{`Minimum order: ${tool.minQty} · Available: ${tool.availableQty.toLocaleString('en-US')}`}</span>
      </div>
      <p className="text-base-content/90" data-testid="tool-description">{tool.description}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {onSale ? (
          <Link to={paths.purchase(tool._id)} className="btn btn-primary sm:flex-1" aria-describedby="tool-name">
            Purchase
          </Link>
        ) : (
          <button type="button" className="btn btn-primary sm:flex-1" disabled>
            Purchase
          </button>
        )}
        <AddToCartButton tool={tool} describedBy="tool-name" className="btn btn-outline btn-primary sm:flex-1" />
      </div>
      <p className="text-sm text-base-content/80">Free delivery on every order.</p>
    </div>
  );
}

/**
 * "plus tax", "incl. VAT" or, for an exempt tool, "tax exempt" beside the price once the store has
 * rates (decision 048), as components/price-tax-note.tsx says it on the purchase page (the two
 * must say the same). Asked for here, under the same query
 * key as orders/api/get-tax-config.ts, rather than through those two modules: shared by several
 * lazy pages, each became a chunk of its own, and the two extra requests took a tool page's first
 * visit over its 115 kB budget (scripts/check-bundle-budget.mjs).
 */
function useTaxNote(taxClass: TaxClass): string | null {
  const { data } = useQuery({
    queryKey: ['tax-config'],
    queryFn: ({ signal }) => apiGet<TaxConfig>('/tax-config', signal),
    staleTime: 5 * 60_000,
  });
  if (!data || data.rates.length === 0) return null;
  if (taxClass === 'exempt') return 'tax exempt';
  return data.pricesIncludeTax ? 'incl. VAT' : 'plus tax';
}
