import { z } from 'zod';
import type { AppTransaction } from '../db/client';
import { queueFollowUp } from '../follow-ups/follow-ups';
import type { FollowUpWork } from '../follow-ups/runner';
import { queueMails, type OutgoingMail } from '../mail/outbox';
import { orderPaidMail, orderPlacedMail, type OrderForMail, type OrderMailSettings } from '../mail/templates/order-mail';
import { ownerLowStockMail, ownerPaidOrderMail } from '../mail/templates/owner-mail';
import { lowStockCrossings, type SoldUnits } from '../notifications/low-stock';
import { ownerRecipients } from '../notifications/owner-notices';
import { readSettings } from '../settings/settings-repository';
import { findInvoice } from './invoices-repository';

/**
 * What follows a placed and a paid order, after its commit (decision 044): the buyer's mail, and
 * for a payment the owner's notice and the low-stock check. The transaction that places or pays
 * the order writes one follow-up row carrying the order as it committed; the runner renders and
 * queues the mail from it. The payment's request and its locks no longer wait for any of this.
 */
export const ORDER_PLACED = 'order-placed';
export const ORDER_PAID = 'order-paid';

/** The order as its mails need it, as it was written (dates as ISO text in the row). */
const orderSnapshot = z.object({
  id: z.string(),
  number: z.number().int(),
  email: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  totalCents: z.number().int(),
  createdAt: z.coerce.date(),
  transactionId: z.string().nullable(),
  lines: z.array(
    z.object({
      productName: z.string(),
      sku: z.string().nullable(),
      priceCents: z.number().int(),
      quantity: z.number().int(),
      taxName: z.string().nullable().optional(),
      taxPercentMilli: z.number().int().optional(),
      taxCents: z.number().int().optional(),
    }),
  ),
  // The tax (decision 048): optional, so a follow-up queued before it was kept still renders (its total alone).
  subtotalCents: z.number().int().optional(),
  taxCents: z.number().int().optional(),
  pricesIncludeTax: z.boolean().optional(),
  reverseCharge: z.boolean().optional(),
  buyerVatId: z.string().nullable().optional(),
});

const placedPayload = z.object({ order: orderSnapshot });

const paidPayload = z.object({
  order: orderSnapshot,
  // The invoice's number is taken as the payment commits (decision 044), so the runner reads it;
  // a follow-up queued before that change carries it.
  payment: z.object({ transactionId: z.string(), paidAt: z.coerce.date(), invoiceNumber: z.number().int().optional() }),
  /** The tools the payment took units from, as they were afterwards: for the low-stock check. */
  sold: z.array(
    z.object({
      tool: z.object({ name: z.string(), availableQty: z.number().int(), lowStockThreshold: z.number().int().nullable() }),
      taken: z.number().int(),
    }),
  ),
});

const snapshotOf = (order: OrderForMail): z.input<typeof orderSnapshot> => ({
  id: order.id,
  number: order.number,
  email: order.email,
  name: order.name,
  address: order.address,
  phone: order.phone,
  totalCents: order.totalCents,
  createdAt: order.createdAt.toISOString(),
  transactionId: order.transactionId,
  lines: order.lines.map(({ productName, sku, priceCents, quantity, taxName, taxPercentMilli, taxCents }) => ({ productName, sku, priceCents, quantity, taxName, taxPercentMilli, taxCents })),
  subtotalCents: order.subtotalCents,
  taxCents: order.taxCents,
  pricesIncludeTax: order.pricesIncludeTax,
  reverseCharge: order.reverseCharge,
  buyerVatId: order.buyerVatId,
});

/** In the placing transaction: the buyer's confirmation will follow the commit. */
export async function followPlacedOrder(tx: AppTransaction, order: OrderForMail): Promise<void> {
  await queueFollowUp(tx, ORDER_PLACED, { order: snapshotOf(order) } satisfies z.input<typeof placedPayload>);
}

/** In the paying transaction: the receipt, the owner's notice and the low-stock check will follow the commit. */
export async function followPaidOrder(
  tx: AppTransaction,
  order: OrderForMail,
  payment: { transactionId: string; paidAt: Date },
  sold: readonly SoldUnits[],
): Promise<void> {
  const payload: z.input<typeof paidPayload> = {
    order: snapshotOf(order),
    payment: { ...payment, paidAt: payment.paidAt.toISOString() },
    sold: sold.map(({ tool, taken }) => ({ tool: { name: tool.name, availableQty: tool.availableQty, lowStockThreshold: tool.lowStockThreshold }, taken })),
  };
  await queueFollowUp(tx, ORDER_PAID, payload);
}

/**
 * The runner's work for these kinds (app.ts hands it to follow-ups/follow-ups-plugin.ts): each
 * answers the mail it sends, and a pass's mail is queued in one statement.
 */
export function orderFollowUps(mail: OrderMailSettings): FollowUpWork<readonly OutgoingMail[]> {
  const handlers: FollowUpWork<readonly OutgoingMail[]>['handlers'] = {
    async [ORDER_PLACED](payload) {
      const { order } = placedPayload.parse(payload);
      return [orderPlacedMail(order, mail)];
    },
    async [ORDER_PAID](payload, db, pass) {
      const { order, payment, sold } = paidPayload.parse(payload);
      const invoiceNumber = payment.invoiceNumber ?? (await findInvoice(db, order.id))?.number;
      if (invoiceNumber === undefined) throw new Error(`paid order ${order.id} has no invoice`);
      // The owner's settings and who hears of sales as they are now, read once for the whole pass.
      const settings = await pass.once('settings', () => readSettings(db));
      const owners = await pass.once('owner-recipients', () => ownerRecipients(db, settings));
      return [
        orderPaidMail(order, { ...payment, invoiceNumber }, mail),
        ...owners.map((to) => ownerPaidOrderMail(to, order, mail.storeUrl)),
        ...lowStockCrossings(sold, settings.lowStockThreshold).flatMap((tool) => owners.map((to) => ownerLowStockMail(to, tool, mail.storeUrl))),
      ];
    },
  };
  return { handlers, writeAll: (tx, writes) => queueMails(tx, writes.flat()) };
}
