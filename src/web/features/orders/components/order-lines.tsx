import type { Order } from '../../../../shared/schemas/orders';
import { formatUsd } from '../../../../shared/text';
import { SkuLine } from '../../../components/sku-line';
import { TaxRows } from '../../../components/tax-rows';

interface OrderLinesProps {
  order: Pick<Order, 'lines' | 'total' | 'subtotal' | 'taxLines' | 'pricesIncludeTax'> & Partial<Pick<Order, 'reverseCharge' | 'buyerVatId'>>;
  /** The list's accessible name, where the heading above does not name it already. */
  listLabel?: string;
  lineTestId: string;
  totalTestId: string;
}

/**
 * An order's lines as a receipt: each tool with its SKU (when it was ordered with one), quantity,
 * unit price and line total, then the subtotal, the tax, delivery and the total. The checkout's summary and the order page's card both show it.
 */
export function OrderLines({ order, listLabel, lineTestId, totalTestId }: OrderLinesProps) {
  return (
    <>
      <ul className="mt-4 space-y-3" aria-label={listLabel}>
        {order.lines.map((line, i) => (
          <li key={`${line.toolId ?? 'gone'}-${i}`} className="flex items-center gap-3" data-testid={lineTestId}>
            <img src={line.productImage} alt="" width="64" height="48" className="h-12 w-16 shrink-0 rounded bg-base-200 object-contain" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{line.productName}</p>
              <SkuLine sku={line.sku} testId="order-line-sku" />
              <p className="text-sm text-base-content/80">{`${line.quantity} × ${formatUsd(line.price)}`}</p>
            </div>
            <p className="font-medium tabular-nums">{formatUsd(line.total)}</p>
          </li>
        ))}
      </ul>
      <TaxRows
        subtotal={order.subtotal}
        taxLines={order.taxLines}
        pricesIncludeTax={order.pricesIncludeTax}
        total={order.total}
        totalTestId={totalTestId}
        reverseCharge={order.reverseCharge ?? false}
        buyerVatId={order.buyerVatId ?? null}
      />
    </>
  );
}
