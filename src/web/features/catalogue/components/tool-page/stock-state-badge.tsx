import { stockState, type StockFigures } from '../../../../../shared/buying';
import { STOCK_TEXTS } from '../../../../../shared/messages/stock';

/** "In stock", "Only N left" or "Sold out", in the colours a buyer reads at a glance (each with white text at 4.5:1 or more). */
export function StockStateBadge({ tool }: { tool: StockFigures }) {
  const state = stockState(tool);
  if (state.kind === 'sold_out') return <span className="badge badge-error" data-testid="stock-state">{STOCK_TEXTS.soldOut}</span>;
  if (state.kind === 'few_left') return <span className="badge badge-warning" data-testid="stock-state">{STOCK_TEXTS.fewLeft(state.left)}</span>;
  return <span className="badge badge-success" data-testid="stock-state">{STOCK_TEXTS.inStock}</span>;
}
