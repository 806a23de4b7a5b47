import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrdersQuerySchema,
  API_ERRORS,
  apiErrorSchema,
  deletedCountSchema,
  emailParamSchema,
  idParam,
  insertedIdSchema,
  isUuid,
  modifiedCountSchema,
  orderCreateSchema,
  ordersCreateSchema,
  orderPatchSchema,
  orderSchema,
  ordersQuerySchema,
  TOTAL_COUNT_HEADER,
} from '../../shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../identity/identity';
import { setNoStore } from '../lib/cache-headers';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError } from '../lib/domain-errors';
import { fingerprintOf, idempotencyKeyOf, onceForKey } from '../lib/idempotency';
import type { PaymentProvider } from '../payments/provider';
import { settlePayment } from '../payments/payment-service';
import { deleteUnpaidOrder, findOrder, listOrdersOfUser, toApiOrder, type OrderWithLines } from './orders-repository';
import { listAdminOrders } from './admin-order-list';
import { shipOrder } from './shipping';
import { placeOrder, type OrderToPlace } from './place-order';
import type { OrderMailSettings } from '../mail/templates/order-mail';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

interface OrderRoutesOptions {
  provider: PaymentProvider;
  /** How long an unpaid order may be paid. */
  payMinutes: number;
  /** Unpaid orders one customer may have at once. */
  maxUnpaidOrders: number;
  /** The store's public address, for the links in order mail. */
  storeUrl: string;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, opts) => {
  const mail: OrderMailSettings = { storeUrl: opts.storeUrl, payMinutes: opts.payMinutes };
  const deps = { db: app.db, provider: opts.provider, payMinutes: opts.payMinutes, log: app.log, mail };
  const present = (order: OrderWithLines) => toApiOrder(order, opts.payMinutes);

  /** The order if the caller may see it (its buyer or an admin); otherwise it does not exist for them. */
  async function visibleOrder(identity: Identity, id: string): Promise<OrderWithLines> {
    const order = isUuid(id) ? await findOrder(app.db, id) : null;
    if (!order || (order.userId !== identity.userId && identity.role !== 'admin')) {
      throw new NotFoundError(API_ERRORS.orderNotFound);
    }
    return order;
  }

  /**
   * Places the order once per Idempotency-Key (lib/idempotency.ts): a retried or doubled request
   * gets the first answer, and one order exists. `call` tells the two order calls' keys apart.
   */
  async function placeOnce(request: FastifyRequest, reply: FastifyReply, call: string, input: OrderToPlace) {
    const identity = request.identity!;
    const key = idempotencyKeyOf(request);
    const fingerprint = fingerprintOf(call, { lines: input.lines, address: input.address, phone: input.phone });
    const keyed = key ? { userId: identity.userId, key, fingerprint } : null;
    const answer = await app.db.transaction((tx) =>
      onceForKey(tx, keyed, async () => {
        const order = await placeOrder(tx, identity, input, { maxUnpaidOrders: opts.maxUnpaidOrders, mail });
        request.log.info({ orderId: order.id, lines: order.lines.length }, 'order placed');
        return { statusCode: 201, body: { insertedId: order.id } };
      }),
    );
    return reply.code(answer.statusCode).header('location', `/api/orders/${answer.body.insertedId}`).send(answer.body);
  }

  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  // Orders lead to mail: where addresses must be confirmed (EMAIL_VERIFICATION), only from a confirmed one.
  const buyerChecks = [app.requireUser, app.requireVerifiedEmail];

  app.post(
    '/order',
    { preHandler: buyerChecks, schema: { body: orderCreateSchema, response: { 201: insertedIdSchema, ...errors } } },
    async (request, reply) => {
      const { toolId, quantity, address, phone } = request.body;
      return placeOnce(request, reply, 'order', { lines: [{ toolId, quantity }], address, phone, source: 'purchase' });
    },
  );

  app.post(
    '/orders',
    { preHandler: buyerChecks, schema: { body: ordersCreateSchema, response: { 201: insertedIdSchema, ...errors } } },
    async (request, reply) => {
      const { lines, address, phone } = request.body;
      return placeOnce(request, reply, 'orders', { lines, address, phone, source: 'cart' });
    },
  );
  app.get(
    '/order/:email',
    {
      preHandler: app.requireUser,
      schema: { params: emailParamSchema, querystring: ordersQuerySchema, response: { 200: z.array(orderSchema), ...errors } },
    },
    async (request, reply) => {
      const identity = request.identity!;
      if (request.params.email.toLowerCase() !== identity.email) throw new NotAllowedError(API_ERRORS.forbidden);
      const { rows, total } = await listOrdersOfUser(app.db, identity.userId, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(present);
    },
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireAdmin,
      schema: { querystring: adminOrdersQuerySchema, response: { 200: z.array(orderSchema), ...errors } },
    },
    async (request, reply) => {
      const { rows, total } = await listAdminOrders(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(present);
    },
  );

  app.get(
    '/orders/:id',
    { preHandler: app.requireUser, schema: { params: idParam, response: { 200: orderSchema, ...errors } } },
    async (request) => present(await visibleOrder(request.identity!, request.params.id)),
  );

  app.patch(
    '/order/:id',
    { preHandler: app.requireUser, schema: { params: idParam, body: orderPatchSchema, response: { 200: modifiedCountSchema, ...errors } } },
    async (request) => {
      const identity = request.identity!;
      const order = await visibleOrder(identity, request.params.id);
      if (request.body.status === 'shipped') {
        if (identity.role !== 'admin') throw new NotAllowedError(API_ERRORS.forbidden);
        // Shipping twice is a 409, never a quiet modifiedCount 0: the admin's screen was stale.
        const { carrier, trackingNumber, trackingUrl } = request.body;
        return { modifiedCount: await shipOrder(app.db, order.id, identity, { carrier, trackingNumber, trackingUrl }, mail) };
      }
      // After payment: only the buyer, and only what the payment provider confirms.
      if (order.userId !== identity.userId) throw new NotAllowedError(API_ERRORS.forbidden);
      const transactionId = request.body.transactionId;
      if (!transactionId) throw new InvalidInputError(API_ERRORS.paymentNotCompleted);
      const intent = await opts.provider.retrieveIntent(transactionId);
      return { modifiedCount: await settlePayment(deps, order, intent) };
    },
  );

  app.delete(
    '/order/:id',
    { preHandler: app.requireUser, schema: { params: idParam, response: { 200: deletedCountSchema, ...errors } } },
    async (request) => {
      const identity = request.identity!;
      const order = await visibleOrder(identity, request.params.id);
      // The spec: the buyer and the admin may delete only unpaid orders (a paid one is a sale).
      const paidRefusal = () =>
        new ConflictError(identity.role === 'admin' ? API_ERRORS.paidOrderCannotBeDeleted : API_ERRORS.orderPaid);
      if (order.paid) throw paidRefusal();
      // An admin deleting an order is an admin change and is audited; a buyer deleting their own is not.
      const outcome = await deleteUnpaidOrder(app.db, order.id, identity.role === 'admin' ? identity : undefined);
      // Decided under the order's row lock: paid meanwhile (409), or deleted by someone else first (0, as before).
      if (outcome === 'paid') throw paidRefusal();
      if (outcome === 'gone') return { deletedCount: 0 };
      request.log.info({ orderId: order.id, by: identity.userId }, 'unpaid order deleted');
      return { deletedCount: 1 };
    },
  );
};
