import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { NewCatalogueTool } from '../../src/server/catalogue/tools-insert';
import type { AppDatabase } from '../../src/server/db/client';
import { orderLines, orders } from '../../src/server/db/schema';
import { sweepStaleOrders } from '../../src/server/orders/orders-repository';
import { bearer, type TestUser } from './accounts';
import { createTools } from './factories';
import type { TestApp } from './test-app';

/**
 * A tool of the test's own (`tool` on top of the factory's defaults), and `buyer`'s order of it
 * placed through the API. Answers the API's reply as it came, for the test to check.
 */
export async function orderNewTool(
  t: Pick<TestApp, 'app' | 'database'>,
  buyer: Pick<TestUser, 'token'>,
  tool: Partial<NewCatalogueTool>,
  order: { quantity: number; address: string; phone: string },
) {
  const [created] = await createTools(t.database.db, 1, tool);
  return t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(buyer), payload: { toolId: created!.id, ...order } });
}

/** A line of an order written straight to the database: a tool's copy and how many. */
export interface LineToInsert {
  toolId: string | null;
  productName: string;
  priceCents: number;
  quantity: number;
  productImage?: string;
  description?: string;
  /** The SKU the line was ordered under; none (null) as for an order placed before tools had SKUs. */
  sku?: string | null;
}

/**
 * Writes an order with its lines straight to the database (for states and dates the API cannot
 * make on the spot: shipped last month, expired). Its total is the lines' sum, as placement writes it.
 */
export async function insertOrderWithLines(
  db: AppDatabase,
  order: Omit<typeof orders.$inferInsert, 'totalCents' | 'subtotalCents'>,
  lines: LineToInsert[],
): Promise<typeof orders.$inferSelect> {
  return db.transaction(async (tx) => {
    const totalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    // Untaxed, as every order was before tax by destination: the subtotal is the total.
    const [row] = await tx.insert(orders).values({ ...order, totalCents, subtotalCents: totalCents }).returning();
    await tx.insert(orderLines).values(
      lines.map((line, position) => ({
        orderId: row!.id,
        position,
        toolId: line.toolId,
        productName: line.productName,
        sku: line.sku ?? null,
        productImage: line.productImage ?? '/images/tools/digital-multimeter.svg',
        description: line.description ?? 'A tool sold in a test.',
        priceCents: line.priceCents,
        quantity: line.quantity,
      })),
    );
    return row!;
  });
}

/** The test processor's card that always succeeds. */
export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

let nextClientAddress = 1;
/** A client address of its own for each card payment: the confirm call is rate limited per address. */
const freshClientAddress = () => {
  nextClientAddress += 1;
  return `10.77.${Math.floor(nextClientAddress / 250) % 250}.${(nextClientAddress % 250) + 1}`;
};

/**
 * Pays for an order through the real checkout, as the web app does: a payment intent, then the
 * test processor's confirm call with a good card. Answers both replies as they came.
 */
export async function payWithTestCard(app: FastifyInstance, buyer: Pick<TestUser, 'token'>, orderId: string, card = GOOD_CARD) {
  const intent = await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId } });
  if (intent.statusCode !== 200) return { intent, confirm: null };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/test-payments/confirm',
    remoteAddress: freshClientAddress(),
    payload: { clientSecret: intent.json().clientSecret, card },
  });
  return { intent, confirm };
}

/** POST /api/order (the spec's single-tool order) with a delivery address; answers the reply. */
export const placeOrderByApi = (
  app: FastifyInstance,
  buyer: Pick<TestUser, 'token'>,
  toolId: string,
  quantity: number,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...bearer(buyer), ...headers },
    payload: { toolId, quantity, address: '5 Rush Street, Dayton', phone: '555-0150' },
  });

/** The expiry sweep as one process runs it now (0 when another sweep held the lock at that moment). */
export const expireStaleOrders = async (db: AppDatabase, payMinutes: number) => (await sweepStaleOrders(db, payMinutes)) ?? 0;

/**
 * Makes `buyer` someone who has bought: one paid order of a tool of its own, written straight to
 * the database (reviews come from buyers; a test about reviews need not go through checkout).
 */
export async function makeBuyer(db: AppDatabase, buyer: Pick<TestUser, 'userId' | 'email' | 'name'>): Promise<void> {
  const [tool] = await createTools(db, 1);
  await insertOrderWithLines(
    db,
    {
      userId: buyer.userId,
      name: buyer.name,
      email: buyer.email,
      address: '1 Bought Street',
      phone: '555-0100',
      paid: true,
      status: 'pending',
      transactionId: `test_paid_${randomUUID()}`,
      paidAt: new Date(),
    },
    [{ toolId: tool!.id, productName: tool!.name, priceCents: tool!.priceCents, quantity: 1 }],
  );
}
