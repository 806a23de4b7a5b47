import type { Order } from '../../../../shared/schemas/orders';
import { formatUsd } from '../../../../shared/text';
import { SkuLine } from '../../../components/sku-line';

interface OrderLinesProps {
  order: Pick<Order, 'lines' | 'total'>;
  /** The list's accessible name, where the heading above does not name it already. */
  listLabel?: string;
  lineTestId: string;
  totalTestId: string;
}

/**
 * An order's lines as a receipt: each tool with its SKU (when it was ordered with one), quantity,
 * unit price and line total, then delivery and the total. The checkout's summary and the order page's card both show it.
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
      <dl className="mt-4 grid grid-cols-2 gap-y-2 border-t border-base-300 pt-4 text-sm">
        <dt>Delivery</dt>
        <dd className="text-right">Free</dd>
        <dt className="text-base font-semibold">Total</dt>
        <dd className="text-right text-base font-semibold tabular-nums" data-testid={totalTestId}>
          {formatUsd(order.total)}
        </dd>
      </dl>
    </>
  );
}
