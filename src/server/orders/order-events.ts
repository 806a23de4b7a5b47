import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderEvent } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { orderEvents, type OrderEventKind } from '../db/schema';

/** The facts an event keeps: short strings only (ids, carrier, tracking, a reason). */
export type OrderEventDetails = Record<string, string | null>;

/**
 * Adds a moment to an order's timeline, in the caller's transaction: it exists exactly when the
 * change it records committed. `actorEmail` is who did it (the buyer, an admin), null for the store.
 */
export async function recordOrderEvent(
  tx: AppTransaction,
  orderId: string,
  kind: OrderEventKind,
  actorEmail: string | null,
  details: OrderEventDetails | null = null,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, kind, actorEmail, details });
}

/** The same moment for many orders at once (the expiry sweep). */
export async function recordOrderEvents(tx: AppTransaction, orderIds: string[], kind: OrderEventKind): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.insert(orderEvents).values(orderIds.map((orderId) => ({ orderId, kind, actorEmail: null, details: null })));
}

/** An order's timeline, oldest first. */
export async function listOrderEvents(db: AppDatabase, orderId: string): Promise<OrderEvent[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map((row) => ({
    kind: row.kind,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    details: (row.details as OrderEventDetails | null) ?? null,
  }));
}

/**
 * The timelines of orders kept after their buyer deleted their account (decision 046) stop naming
 * them: the moments the buyer made (paying) keep their time and facts, without the email.
 */
export async function forgetBuyerOnTimelines(tx: AppTransaction, orderIds: string[], buyerEmail: string): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orderEvents)
    .set({ actorEmail: null })
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.actorEmail, buyerEmail)));
}
