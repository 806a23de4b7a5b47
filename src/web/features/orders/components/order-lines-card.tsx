import type { Order } from '../../../../shared/schemas/orders';
import { OrderLines } from './order-lines';

/** The order page's card of what was ordered (order-lines.tsx), under a heading that counts the tools. */
export function OrderLinesCard({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-lines-title" className="card bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
      <h3 id="order-lines-title" className="text-lg font-semibold">
        {order.lines.length === 1 ? 'What was ordered' : `What was ordered: ${order.lines.length} tools`}
      </h3>
      <OrderLines order={order} lineTestId="order-page-line" totalTestId="order-page-total" />
    </section>
  );
}
