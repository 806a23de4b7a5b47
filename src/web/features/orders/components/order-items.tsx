import type { Order } from '../../../../shared/schemas/orders';
import { SkuLine } from '../../../components/sku-line';

/**
 * What an order is for, in a list cell: the tool with its picture for an order of one tool; the
 * first picture and every line ("2 × Torque Wrench · SKU TW-180") for an order of several. A line
 * ordered before tools had SKUs shows none.
 */
export function OrderItems({ order }: { order: Pick<Order, 'productImage' | 'productName' | 'lines'> }) {
  const several = order.lines.length > 1;
  return (
    <div className="flex items-start gap-3">
      <img src={order.productImage} alt="" width="48" height="36" className="h-9 w-12 shrink-0 rounded bg-base-200 object-contain" />
      {several ? (
        <div className="min-w-0">
          <p className="font-medium">{`${order.lines.length} tools`}</p>
          <ul className="text-sm" data-testid="order-lines">
            {order.lines.map((line, i) => (
              <li key={`${line.toolId ?? 'gone'}-${i}`}>
                {`${line.quantity} × ${line.productName}`}
                {line.sku ? <span className="text-xs text-base-content/80">{` · SKU ${line.sku}`}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="min-w-0">
          <span className="font-medium">{order.productName}</span>
          <SkuLine sku={order.lines[0]?.sku ?? null} />
        </div>
      )}
    </div>
  );
}
