import { eq, sql } from 'drizzle-orm';
import { API_ERRORS } from '../../shared';
import type { AppTransaction } from '../db/client';
import { orders, tools, users } from '../db/schema';
import { ConflictError } from '../lib/domain-errors';

/**
 * How much stock unpaid orders may hold. An unpaid order takes its units off sale until it is paid,
 * deleted or expires, without costing anything, so these limits keep free accounts from emptying
 * the catalogue (docs/decisions/008-stock-holds.md).
 */
export interface HoldLimits {
  /** Unpaid orders one customer may have at once. */
  maxUnpaidOrders: number;
  /** Percent of a tool's stock one customer's unpaid orders may hold (at least the tool's minimum order). */
  maxUnpaidSharePercent: number;
  /** Percent of a tool's stock that the unpaid orders of customers who have never paid may hold together. */
  maxNewCustomerHoldPercent: number;
}

/**
 * Serialises one customer's order placements, across connections and app processes, until the
 * transaction ends: the count of their unpaid orders and the insert that follows cannot interleave
 * with another placement of theirs. A row lock on their user row (which the placement may update)
 * rather than an advisory lock: no hash collisions, same SQL on PGlite. `NO KEY UPDATE` does not
 * block the foreign-key checks of sessions being created for the same user. Answers the delivery
 * details on their profile, read under the lock.
 */
export async function lockBuyer(tx: AppTransaction, userId: string): Promise<{ address: string | null; phone: string | null } | null> {
  const [buyer] = await tx
    .select({ address: users.address, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return buyer ?? null;
}

/**
 * Locks the tool's row until the transaction ends, so placements for one tool are checked one
 * after another (they would queue on the stock update anyway). Answers null for an unknown tool.
 */
export async function lockTool(tx: AppTransaction, toolId: string) {
  const [tool] = await tx
    .select({ id: tools.id, minQty: tools.minQty, availableQty: tools.availableQty })
    .from(tools)
    .where(eq(tools.id, toolId))
    .for('no key update');
  return tool ?? null;
}

interface Holds {
  /** The buyer's unpaid orders of any tool (read under the buyer's lock). */
  buyerUnpaidOrders: number;
  /** Units of the tool held by every unpaid order. */
  all: number;
  /** ... by the buyer's unpaid orders. */
  buyer: number;
  /** ... by unpaid orders of customers who have never paid for an order. */
  newCustomers: number;
  /** Whether the buyer has ever paid for an order. */
  buyerHasPaid: boolean;
}

/** Read under the tool's lock, so no other placement for the tool changes them before the insert. */
async function readHolds(tx: AppTransaction, toolId: string, buyerId: string): Promise<Holds> {
  const result = (await tx.execute(sql`
    select
      coalesce(sum(o.quantity), 0)::int as "all",
      coalesce(sum(o.quantity) filter (where o.user_id = ${buyerId}), 0)::int as buyer,
      coalesce(sum(o.quantity) filter (
        where not exists (select 1 from ${orders} p where p.user_id = o.user_id and p.paid)
      ), 0)::int as new_customers,
      exists (select 1 from ${orders} p where p.user_id = ${buyerId} and p.paid) as buyer_has_paid,
      (select count(*) from ${orders} u where u.user_id = ${buyerId} and u.paid = false and u.status is null)::int
        as buyer_unpaid_orders
    from ${orders} o
    where o.tool_id = ${toolId} and o.paid = false and o.status is null
  `)) as unknown as {
    rows: Array<{ all: number; buyer: number; new_customers: number; buyer_has_paid: boolean; buyer_unpaid_orders: number }>;
  };
  const row = result.rows[0]!;
  return {
    all: row.all,
    buyer: row.buyer,
    newCustomers: row.new_customers,
    buyerHasPaid: row.buyer_has_paid,
    buyerUnpaidOrders: row.buyer_unpaid_orders,
  };
}

/** `percent` of `stock`, rounded down, but never less than the tool's minimum order (else nobody could order it). */
const shareOf = (stock: number, percent: number, minQty: number) => Math.max(minQty, Math.floor((stock * percent) / 100));

/**
 * Refuses (409) an order when the buyer already has their most unpaid orders, or when `quantity`
 * would take the buyer's unpaid holds of the tool past their share, or the holds of never-paying customers together past theirs. The share is of the
 * tool's stock before any unpaid holds (available + held), so holds do not shrink the base that
 * later holds are measured against. Call with the buyer and the tool locked.
 */
export async function checkHoldLimits(
  tx: AppTransaction,
  tool: { id: string; minQty: number; availableQty: number },
  buyerId: string,
  quantity: number,
  limits: HoldLimits,
): Promise<void> {
  const held = await readHolds(tx, tool.id, buyerId);
  if (held.buyerUnpaidOrders >= limits.maxUnpaidOrders) throw new ConflictError(API_ERRORS.tooManyUnpaidOrders);
  const stock = tool.availableQty + held.all;
  const buyerShare = shareOf(stock, limits.maxUnpaidSharePercent, tool.minQty);
  if (held.buyer + quantity > buyerShare) {
    const canStillHold = buyerShare - held.buyer;
    // Fewer than the minimum order left is nothing the buyer could order.
    throw new ConflictError(API_ERRORS.unpaidShareReached(canStillHold >= tool.minQty ? canStillHold : 0));
  }
  if (!held.buyerHasPaid && held.newCustomers + quantity > shareOf(stock, limits.maxNewCustomerHoldPercent, tool.minQty)) {
    throw new ConflictError(API_ERRORS.newCustomerHoldsFull);
  }
}
