import { and, count, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersQuery, Order, OrderCreate, OrderState, PageQuery } from '../../shared';
import { API_ERRORS, centsToDollars } from '../../shared';
import type { Identity } from '../identity/identity';
import { recordAudit } from '../audit/audit-log';
import { returnStock, takeStock } from '../catalogue/stock';
import type { AppDatabase, AppTransaction } from '../db/client';
import { orders, users } from '../db/schema';
import { queueMail } from '../mail/outbox';
import { orderPlacedMail, orderShippedMail, type OrderMailSettings } from '../mail/templates/order-mail';
import { ConflictError, InvalidInputError, NotFoundError } from '../lib/domain-errors';
import { checkHoldLimits, lockBuyer, lockTool, type HoldLimits } from './hold-limits';

export type OrderRow = typeof orders.$inferSelect;

export function toApiOrder(row: OrderRow, holdMinutes: number): Order {
  return {
    _id: row.id,
    toolId: row.toolId,
    name: row.name,
    email: row.email,
    address: row.address,
    phone: row.phone,
    productName: row.productName,
    productImage: row.productImage,
    price: centsToDollars(row.priceCents),
    description: row.description,
    quantity: row.quantity,
    total: centsToDollars(row.priceCents * row.quantity),
    paid: row.paid,
    transactionId: row.transactionId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    payBy: new Date(row.createdAt.getTime() + holdMinutes * 60_000).toISOString(),
  };
}

export const orderAmountCents = (row: Pick<OrderRow, 'priceCents' | 'quantity'>) => row.priceCents * row.quantity;

/** True while an unpaid order still holds its stock and may be paid. */
export const isHolding = (row: Pick<OrderRow, 'paid' | 'status'>) => !row.paid && row.status === null;

/**
 * Expires unpaid orders older than the hold and gives their quantities back, in one transaction:
 * an order is expired and its stock returned together or not at all, and two processes sweeping
 * at once cannot return the same stock twice (each order row is updated once, by one of them).
 */
export async function expireStaleOrders(db: AppDatabase, holdMinutes: number): Promise<number> {
  // It runs before every purchase and payment, and almost always finds nothing: one indexed look
  // (orders_holding_created_idx) costs one round trip where the transaction costs three.
  if (!(await anyStaleOrder(db, holdMinutes))) return 0;
  return db.transaction((tx) => expireInTransaction(tx, holdMinutes));
}

const staleCondition = (holdMinutes: number) =>
  and(eq(orders.paid, false), isNull(orders.status), lt(orders.createdAt, sql`now() - make_interval(mins => ${holdMinutes})`));

async function anyStaleOrder(db: AppDatabase, holdMinutes: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(staleCondition(holdMinutes)).limit(1);
  return row !== undefined;
}

/** Advisory-lock key of the periodic sweep; other keys in use: db/migrate.ts. */
export const EXPIRY_SWEEP_LOCK_KEY = 7_145_002_009;

/**
 * The periodic sweep: expireStaleOrders in at most one app process at a time. It takes a
 * transaction-scoped advisory lock without waiting, so when another process is sweeping this one
 * skips (answers null) rather than queue behind it to find nothing left; the lock goes with the
 * transaction, so a process that dies mid-sweep cannot keep it. The expiry before each purchase
 * does not take it: it must see the stock freed before it reads it, and it is safe to run beside
 * a sweep (each order row is expired once, by whichever transaction updates it first).
 */
export async function sweepStaleOrders(db: AppDatabase, holdMinutes: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${EXPIRY_SWEEP_LOCK_KEY}) as locked`)) as unknown as {
      rows: Array<{ locked: boolean }>;
    };
    if (!result.rows[0]?.locked) return null;
    return expireInTransaction(tx, holdMinutes);
  });
}

async function expireInTransaction(tx: AppTransaction, holdMinutes: number): Promise<number> {
  const expired = await tx
    .update(orders)
    .set({ status: 'expired', expiredAt: new Date() })
    .where(staleCondition(holdMinutes))
    .returning({ toolId: orders.toolId, quantity: orders.quantity });
  const returned = new Map<string, number>();
  for (const { toolId, quantity } of expired) {
    if (toolId) returned.set(toolId, (returned.get(toolId) ?? 0) + quantity);
  }
  // In a fixed order, so two sweeps returning stock to the same tools cannot deadlock.
  for (const toolId of [...returned.keys()].sort()) await returnStock(tx, toolId, returned.get(toolId)!);
  return expired.length;
}

/**
 * Places an order: the tool's stock is taken with a conditional update (so concurrent buyers can
 * never oversell), the order is written with the tool's own name, image, description and price,
 * and the delivery details are saved on the buyer's profile: all in one transaction. Unpaid orders
 * hold stock without costing anything, so the buyer's unpaid orders are capped in number and in
 * share of the tool (hold-limits.ts, docs/decisions/008-stock-holds.md). The buyer's confirmation
 * mail is queued in the same transaction (sent later, in the background).
 */
export async function placeOrder(
  db: AppDatabase,
  buyer: Identity,
  input: OrderCreate,
  limits: HoldLimits,
  mail: OrderMailSettings,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    // Buyer first, then tool, always in this order: the counts read below stay true until the
    // insert commits, even with the buyer's other requests on other connections or processes.
    const profile = await lockBuyer(tx, buyer.userId);
    const current = await lockTool(tx, input.toolId);
    if (!current) throw new NotFoundError(API_ERRORS.toolNotFound);
    if (input.quantity < current.minQty) throw new InvalidInputError(API_ERRORS.belowMinimum(current.minQty));
    if (input.quantity > current.availableQty) throw new ConflictError(API_ERRORS.notEnoughStock(current.availableQty));
    await checkHoldLimits(tx, current, buyer.userId, input.quantity, limits);
    const tool = await takeStock(tx, input.toolId, input.quantity, { enforceMinimum: true });
    // Unreachable while the tool's row is locked; kept so a change to the locking fails safe.
    if (!tool) throw new ConflictError(API_ERRORS.notEnoughStock(current.availableQty));
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer.userId,
        toolId: tool.id,
        name: buyer.name,
        email: buyer.email,
        address: input.address,
        phone: input.phone,
        productName: tool.name,
        productImage: tool.image,
        description: tool.description,
        priceCents: tool.priceCents,
        quantity: input.quantity,
      })
      .returning();
    // Most buyers order to the address they used last time: the profile is written only when it changes.
    if (profile?.address !== input.address || profile.phone !== input.phone) {
      await tx
        .update(users)
        .set({ address: input.address, phone: input.phone, updatedAt: new Date() })
        .where(eq(users.id, buyer.userId));
    }
    if (!order) throw new Error('order insert returned no row');
    await queueMail(tx, orderPlacedMail(order, mail));
    return order;
  });
}

/**
 * placeOrder, with stock held past its time freed first when it matters: when the order is refused
 * (409: not enough stock, or the buyer's holds), abandoned orders are expired and their stock
 * returned, and the order is tried once more. Stale holds are rare, so an order that goes through
 * at once pays nothing for this (before, every purchase opened an expiry transaction first).
 */
export async function placeOrderFreeingStaleHolds(
  db: AppDatabase,
  buyer: Identity,
  input: OrderCreate,
  limits: HoldLimits,
  mail: OrderMailSettings,
): Promise<OrderRow> {
  try {
    return await placeOrder(db, buyer, input, limits, mail);
  } catch (error) {
    if (!(error instanceof ConflictError) || (await expireStaleOrders(db, mail.holdMinutes)) === 0) throw error;
    return placeOrder(db, buyer, input, limits, mail);
  }
}

export async function findOrder(db: AppDatabase, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function listOrdersOfUser(db: AppDatabase, userId: string, page: PageQuery) {
  const where = eq(orders.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Each state as the conditions the `orders_state_created_idx` index (paid, status, created_at)
 * serves. `paid` is implied by the status (pending and shipped orders are paid, expired ones never
 * were) but is spelled out so the index's leading column is used.
 */
const STATE_CONDITIONS: Record<OrderState, SQL> = {
  unpaid: and(eq(orders.paid, false), isNull(orders.status))!,
  pending: and(eq(orders.paid, true), eq(orders.status, 'pending'))!,
  shipped: and(eq(orders.paid, true), eq(orders.status, 'shipped'))!,
  expired: and(eq(orders.paid, false), eq(orders.status, 'expired'))!,
};

/** The admin's list: every order, newest first, optionally of one state and/or one buyer's email. */
export async function listAllOrders(db: AppDatabase, query: AdminOrdersQuery) {
  const conditions: SQL[] = [];
  if (query.state) conditions.push(STATE_CONDITIONS[query.state]);
  if (query.email) conditions.push(eq(orders.email, query.email));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** What the audit log keeps of an order an admin deleted. */
function auditSnapshot(row: OrderRow) {
  return {
    email: row.email,
    name: row.name,
    productName: row.productName,
    quantity: row.quantity,
    price: centsToDollars(row.priceCents),
    total: centsToDollars(orderAmountCents(row)),
    paid: row.paid,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What became of a request to delete an unpaid order. */
export type DeleteOutcome = 'deleted' | 'gone' | 'paid';

/**
 * Reads an order and locks its row until the transaction ends. Deleting an order and settling a
 * payment for it both start here, so they take turns: a delete that comes second sees the order
 * paid, a payment that comes second sees the order gone (and refunds itself). Never both.
 */
export async function lockOrder(tx: AppTransaction, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/**
 * Deletes an unpaid order and, if it still held stock, gives the quantity back, in one transaction
 * that first locks the order row (see `lockOrder`). A paid order is never deleted. With `auditedBy`
 * (an admin deleting someone's order) the deletion is written to the audit log in the same
 * transaction; a customer deleting their own unpaid order is not an admin change.
 */
export async function deleteUnpaidOrder(db: AppDatabase, id: string, auditedBy?: Identity): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return 'gone';
    if (order.paid) return 'paid';
    await tx.delete(orders).where(eq(orders.id, id));
    // Only an order still holding its stock has any to give back (an expired one gave it already).
    if (order.status === null) await returnStock(tx, order.toolId, order.quantity);
    if (auditedBy) {
      await recordAudit(tx, auditedBy, { action: 'order.deleted', targetId: order.id, before: auditSnapshot(order), after: null });
    }
    return 'deleted';
  });
}

export async function attachPaymentIntent(db: AppDatabase, orderId: string, intentId: string) {
  await db.update(orders).set({ paymentIntentId: intentId }).where(and(eq(orders.id, orderId), eq(orders.paid, false)));
}

/**
 * Marks a holding order paid with the provider's transaction id (not once its tool was deleted). Idempotent: the same payment
 * again changes nothing. Answers the number of orders modified. Call it inside the transaction that
 * locked the order (`lockOrder`), having decided there that this payment may settle it.
 */
export async function markOrderPaid(db: AppDatabase, orderId: string, transactionId: string): Promise<number> {
  const updated = await db
    .update(orders)
    .set({ paid: true, transactionId, status: 'pending', paidAt: new Date(), paymentIntentId: transactionId })
    .where(and(eq(orders.id, orderId), eq(orders.paid, false), isNull(orders.status), isNotNull(orders.toolId)))
    .returning({ id: orders.id });
  return updated.length;
}

/**
 * An admin ships a paid order: pending → shipped with one conditional update, and the audit entry
 * in the same transaction. Of two admins shipping at once, one ships it and the other is told it
 * has already been shipped. Anything but a paid, pending order is refused with the reason. The
 * buyer's mail is queued in the same transaction.
 */
export async function shipOrder(db: AppDatabase, orderId: string, admin: Identity, mail: OrderMailSettings): Promise<number> {
  return db.transaction(async (tx) => {
    const [shipped] = await tx
      .update(orders)
      .set({ status: 'shipped', shippedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.paid, true), eq(orders.status, 'pending')))
      .returning();
    if (!shipped) throw await whyNotShippable(tx, orderId);
    await queueMail(tx, orderShippedMail(shipped, mail));
    await recordAudit(tx, admin, { action: 'order.shipped', targetId: orderId, before: { status: 'pending' }, after: { status: 'shipped' } });
    return 1;
  });
}

/** Read after the update matched nothing, so it sees the row as the competing change left it. */
async function whyNotShippable(tx: AppTransaction, orderId: string): Promise<Error> {
  const [row] = await tx.select({ paid: orders.paid, status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return new NotFoundError(API_ERRORS.orderNotFound);
  if (row.status === 'shipped') return new ConflictError(API_ERRORS.orderAlreadyShipped);
  if (row.status === 'expired') return new ConflictError(API_ERRORS.orderExpiredCannotShip);
  return new ConflictError(API_ERRORS.orderNotPaidYet);
}
