import type { Order } from '../../../../shared/schemas/orders';
import { formatUsd } from '../../../../shared/text';

/**
 * The lines of an order of several tools, one a row: "Torque Wrench × 2 at $89.50", with the SKU
 * when the tool had one. My Orders shows them where an order of one tool has its description,
 * since no single description, price or quantity fits an order of several (issue 28).
 */
export function OrderLineList({ lines }: Pick<Order, 'lines'>) {
  return (
    <ul className="space-y-1 text-sm" data-testid="order-lines">
      {lines.map((line, i) => (
        <li key={`${line.toolId ?? 'gone'}-${i}`}>
          <span className="font-medium">{line.productName}</span>
          {` × ${line.quantity} at ${formatUsd(line.price)}`}
          {line.sku ? <span className="text-xs text-base-content/80">{` · SKU ${line.sku}`}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** "3 tools": how many different tools an order of several holds (their units differ, so are not added up). */
export const toolCount = (order: Pick<Order, 'lines'>) => `${order.lines.length} tools`;
