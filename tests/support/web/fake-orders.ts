import { API_ERRORS, formatInvoiceNumber, TOTAL_COUNT_HEADER } from '../../../src/shared';
import type { Order, OrderEvent, OrderLine, PaymentConfig } from '../../../src/shared/schemas/orders';
import { apiError } from './fake-api';
import { CUSTOMER, type fakeStore } from './fake-store';

type FakeStore = ReturnType<typeof fakeStore>;

/** One line of an order: `quantity` of a tool at `price` dollars. */
export function orderLine(productName: string, { price = 10, quantity = 1, sku = null }: { price?: number; quantity?: number; sku?: string | null } = {}): OrderLine {
  const slug = productName.toLowerCase().replace(/\W+/g, '-');
  return {
    toolId: `tool-${slug}`,
    productName,
    sku,
    productImage: `/images/${slug}.png`,
    description: `About the ${productName}`,
    price,
    quantity,
    total: Math.round(price * quantity * 100) / 100,
    taxPercent: 0,
    tax: 0,
  };
}

const HOUR = 3_600_000;
let numbered = 100_041;

/**
 * An order as GET /api/orders/:id answers it: unpaid, placed an hour ago by the fake store's
 * customer, for its `lines` (one Cordless Drill unless given), with the single-tool fields summing
 * them up as the server does (the names together, no unit price, all the units when several).
 */
export function fakeOrder(fields: Partial<Order> & Pick<Order, '_id'>): Order {
  const lines = fields.lines ?? [orderLine('Cordless Drill', { price: 39.99, quantity: 2, sku: 'TM-DRL-18V' })];
  const several = lines.length > 1;
  const first = lines[0]!;
  const createdAt = fields.createdAt ?? new Date(Date.now() - HOUR).toISOString();
  return {
    number: `TH-${(numbered += 1)}`,
    toolId: several ? null : first.toolId,
    name: CUSTOMER.name,
    email: CUSTOMER.email,
    address: '1 Main St, Springfield',
    phone: '555-0100',
    productName: lines.map((line) => line.productName).join(', '),
    productImage: first.productImage,
    price: several ? null : first.price,
    description: several ? lines.map((line) => line.productName).join(', ') : first.description,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: Math.round(lines.reduce((sum, line) => sum + line.total * 100, 0)) / 100,
    tax: 0,
    taxLines: [],
    pricesIncludeTax: false,
    total: Math.round(lines.reduce((sum, line) => sum + line.total * 100, 0)) / 100,
    country: 'US',
    region: null,
    reverseCharge: false,
    buyerVatId: null,
    vatReview: null,
    lines,
    paid: false,
    transactionId: null,
    status: null,
    createdAt,
    payBy: new Date(Date.parse(createdAt) + 2 * HOUR).toISOString(),
    paidAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    refundedAt: null,
    invoiceNumber: null,
    creditNoteNumber: null,
    termsVersion: 1,
    ...fields,
  };
}

/** The test-mode processor's cards (src/server/payments/test-cards.ts): the one that pays, and one that is declined. */
export const TEST_CARD = { number: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', declinedMessage: 'Your card was declined.' };

/**
 * The orders part of the store's API, over the fake store's session and tokens: a customer's
 * order, its timeline and its invoice, the page of My Orders (newest first, with the total in
 * x-total-count), deleting an unpaid order, and paying one through the built-in test-mode
 * processor (payment config, intent, confirm, then the payment reported to the order).
 */
export function fakeOrders(store: FakeStore, orders: Order[], { payment = { provider: 'test' } }: { payment?: PaymentConfig } = {}) {
  const { api, state, withToken } = store;
  const byId = new Map(orders.map((order) => [order._id, order]));
  const events = new Map<string, OrderEvent[]>(orders.map((order) => [order._id, [{ kind: 'placed', at: order.createdAt, actorEmail: order.email, details: null }]]));
  const intents = new Map<string, string>();
  let payments = 0;

  /** The signed-in person's own order (an admin may read any); others' orders are not found. */
  const readable = (id: string): Order | null => {
    const order = byId.get(id);
    return order && (order.email === state.person?.email || state.person?.role === 'admin') ? order : null;
  };
  const notFound = () => apiError(404, API_ERRORS.orderNotFound, 'ORDER_NOT_FOUND');

  api
    .on('GET', '/api/payment-config', () => ({ body: payment }))
    .on(
      'GET',
      '/api/orders/:id',
      withToken((_, { id }) => {
        const order = readable(id!);
        return order ? { body: order } : notFound();
      }),
    )
    .on(
      'GET',
      '/api/orders/:id/events',
      withToken((_, { id }) => (readable(id!) ? { body: events.get(id!) ?? [] } : notFound())),
    )
    .on(
      'GET',
      '/api/orders/:id/invoice.pdf',
      withToken((_, { id }) => {
        const order = readable(id!);
        if (!order) return notFound();
        if (!order.invoiceNumber) return apiError(404, API_ERRORS.invoiceOnlyPaid, 'INVOICE_ONLY_FOR_PAID_ORDERS');
        return { contentType: 'application/pdf', text: `%PDF-1.7 invoice ${order.invoiceNumber}` };
      }),
    )
    .on(
      'GET',
      '/api/orders/:id/invoice.xml',
      withToken((_, { id }) => {
        const order = readable(id!);
        if (!order) return notFound();
        if (!order.invoiceNumber) return apiError(409, API_ERRORS.invoiceOnlyPaid, 'INVOICE_ONLY_FOR_PAID_ORDERS');
        return { contentType: 'application/xml', text: `<Invoice><ID>${order.invoiceNumber}</ID></Invoice>` };
      }),
    )
    .on(
      'GET',
      '/api/orders/:id/credit-note.pdf',
      withToken((_, { id }) => {
        const order = readable(id!);
        if (!order) return notFound();
        if (!order.creditNoteNumber) return apiError(409, API_ERRORS.creditNoteOnlyRefunded, 'CREDIT_NOTE_ONLY_FOR_REFUNDED_ORDERS');
        return { contentType: 'application/pdf', text: `%PDF-1.7 credit note ${order.creditNoteNumber}` };
      }),
    )
    .on(
      'GET',
      '/api/order/:email',
      withToken(({ query }, { email }) => {
        if (email !== state.person?.email) return apiError(403, API_ERRORS.forbidden);
        const limit = Number(query.get('limit') ?? 10);
        const offset = Number(query.get('offset') ?? 0);
        const mine = [...byId.values()].filter((order) => order.email === email).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return { body: mine.slice(offset, offset + limit), headers: { [TOTAL_COUNT_HEADER]: String(mine.length) } };
      }),
    )
    .on(
      'DELETE',
      '/api/order/:id',
      withToken((_, { id }) => {
        const order = readable(id!);
        if (!order) return notFound();
        if (order.paid) return apiError(409, API_ERRORS.paidOrderCannotBeDeleted, 'PAID_ORDER_NOT_DELETABLE');
        byId.delete(id!);
        return { body: { deletedCount: 1 } };
      }),
    )
    .on(
      'POST',
      '/api/create-payment-intent',
      withToken(({ body }) => {
        const order = readable((body as { orderId: string }).orderId);
        if (!order) return notFound();
        if (order.status === 'expired') return apiError(409, API_ERRORS.orderExpired, 'ORDER_NOT_PAYABLE');
        if (order.paid) return apiError(409, API_ERRORS.orderNotPayable, 'ORDER_NOT_PAYABLE');
        const clientSecret = `pi_${order._id}_secret_${intents.size + 1}`;
        intents.set(clientSecret, order._id);
        return { body: { clientSecret } };
      }),
    )
    .on('POST', '/api/test-payments/confirm', ({ body }) => {
      const { clientSecret, card } = body as { clientSecret: string; card: { number: string } };
      if (!intents.has(clientSecret)) return apiError(404, API_ERRORS.paymentNotFound, 'PAYMENT_NOT_FOUND');
      const number = card.number.replace(/\D/g, '');
      if (number === TEST_CARD.declined.replace(/\D/g, '')) {
        const problem = { type: 'about:blank', title: '402', status: 402, detail: TEST_CARD.declinedMessage, code: 'CARD_DECLINED', declineCode: 'card_declined' };
        return { status: 402, contentType: 'application/problem+json', body: problem };
      }
      payments += 1;
      return { body: { paymentIntent: { id: `pi_paid_${payments}`, status: 'succeeded' } } };
    })
    .on(
      'POST',
      '/api/orders/:id/payment',
      withToken(({ body }, { id }) => {
        const order = readable(id!);
        if (!order) return notFound();
        const { transactionId } = body as { transactionId: string };
        const paidAt = new Date().toISOString();
        byId.set(order._id, { ...order, paid: true, status: 'pending', transactionId, paidAt, invoiceNumber: formatInvoiceNumber(payments) });
        events.get(order._id)?.push({ kind: 'paid', at: paidAt, actorEmail: order.email, details: { transactionId } });
        return { body: { modifiedCount: 1 } };
      }),
    );

  return {
    /** The orders as the store holds them now. */
    orders: byId,
    /** Each order's timeline, oldest first. */
    events,
  };
}
