import { expect } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import type { FastifyInstance } from 'fastify';
import { readPdfText } from './pdf-text.testing';

/** What the kit works on, read when each helper runs (a test file makes these in its beforeAll). */
interface KitContext {
  app: FastifyInstance;
  admin: Pick<TestUser, 'token'>;
  /** The tool of a one-line order. */
  toolId: string;
}

/**
 * What the API tests of invoices and packing slips do over and over (tests only): place and pay
 * orders through the real checkout, fetch an order's documents, read their numbers and text.
 */
export function orderDocumentsKit(context: () => KitContext) {
  /** Places an order of these lines for `buyer` (POST /api/orders); answers its id. */
  async function placeOrder(buyer: TestUser, lines: { toolId: string; quantity: number }[], address = '5 Rush Street, Dayton') {
    const res = await context().app.inject({ method: 'POST', url: '/api/orders', headers: bearer(buyer), payload: { lines, address, phone: '555-0150' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  }

  /** An unpaid one-line order of the default tool (POST /api/order, as the Purchase button sends). */
  async function unpaidOrder(buyer: TestUser, quantity = 1) {
    const res = await placeOrderByApi(context().app, buyer, context().toolId, quantity);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  }

  async function pay(buyer: TestUser, orderId: string) {
    const { confirm } = await payWithTestCard(context().app, buyer, orderId);
    expect(confirm?.statusCode, confirm?.body).toBe(200);
  }

  async function paidOrder(buyer: TestUser, quantity = 2) {
    const id = await unpaidOrder(buyer, quantity);
    await pay(buyer, id);
    return id;
  }

  const invoiceOf = (orderId: string, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers });
  const slipOf = (orderId: string, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'GET', url: `/api/orders/${orderId}/packing-slip.pdf`, headers });

  /** The invoice number an order's PDF is saved under (INV-000123.pdf → 123), as an admin fetches it. */
  async function invoiceNumberOf(orderId: string): Promise<number> {
    const res = await invoiceOf(orderId, bearer(context().admin));
    expect(res.statusCode, res.body).toBe(200);
    const match = /filename="INV-(\d{6})\.pdf"/.exec(String(res.headers['content-disposition']));
    expect(match).not.toBeNull();
    return Number(match![1]);
  }

  return { placeOrder, unpaidOrder, pay, paidOrder, invoiceOf, slipOf, invoiceNumberOf };
}

/** A PDF answer's text with runs of spacing made one space: table cells come out apart. */
export const pdfTextOf = async (res: { rawPayload: Buffer }) => (await readPdfText(res.rawPayload)).replace(/\s+/g, ' ');
