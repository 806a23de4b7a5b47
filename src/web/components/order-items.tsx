import type { Order } from '../../shared/schemas/orders';

/**
 * What an order is for, in a list cell: the tool with its picture for an order of one tool; the
 * first picture and every line ("2 × Torque Wrench") for an order of several.
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
              <li key={`${line.toolId ?? 'gone'}-${i}`}>{`${line.quantity} × ${line.productName}`}</li>
            ))}
          </ul>
        </div>
      ) : (
        <span className="min-w-0 font-medium">{order.productName}</span>
      )}
    </div>
  );
}
