import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrdersQuerySchema,
  apiErrorSchema,
  deletedCountSchema,
  emailParamSchema,
  idParam,
  insertedIdSchema,
  orderCreateSchema,
  ordersCreateSchema,
  orderSchema,
  ordersQuerySchema,
  TOTAL_COUNT_HEADER,
} from '../../shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { fingerprintOf, idempotencyKeyOf, onceForKey } from '../idempotency/idempotency';
import { deleteUnpaidOrder, listOrdersOfUser, toApiOrder, type OrderWithLines } from './orders-repository';
import { listAdminOrders } from './admin-order-list';
import { guardedOrder, requireOrderViewer } from './order-access';
import { placeOrder, type OrderToPlace } from './place-order';
import { PAGED_LIST_HEADERS } from '../plugins/api-docs-operations';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

interface OrderRoutesOptions {
  /** Unpaid orders one customer may have at once. */
  maxUnpaidOrders: number;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, opts) => {
  const { payMinutes } = app.store;
  const present = (order: OrderWithLines) => toApiOrder(order, payMinutes);

  /**
   * Places the order once per Idempotency-Key (lib/idempotency.ts): a retried or doubled request
   * gets the first answer, and one order exists. `call` tells the two order calls' keys apart.
   */
  async function placeOnce(request: FastifyRequest, reply: FastifyReply, call: string, input: OrderToPlace) {
    const identity = request.identity!;
    const key = idempotencyKeyOf(request);
    const fingerprint = fingerprintOf(call, {
      lines: input.lines,
      address: input.address,
      phone: input.phone,
      // Left out when not given, so a key's fingerprint from before tax by destination still matches.
      ...(input.country !== undefined && { country: input.country }),
      ...(input.region && { region: input.region }),
    });
    const keyed = key ? { userId: identity.userId, key, fingerprint } : null;
    const answer = await app.db.transaction((tx) =>
      onceForKey(tx, keyed, async () => {
        const order = await placeOrder(tx, identity, input, { maxUnpaidOrders: opts.maxUnpaidOrders });
        request.log.info({ orderId: order.id, lines: order.lines.length }, 'order placed');
        return { statusCode: 201, body: { insertedId: order.id } };
      }),
    );
    return reply.code(answer.statusCode).header('location', `/api/orders/${answer.body.insertedId}`).send(answer.body);
  }

  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  // Orders lead to mail: where addresses must be confirmed (EMAIL_VERIFICATION), only from a confirmed one.
  const buyerChecks = [app.requireUser, app.requireVerifiedEmail];
  // One order, for its buyer or an admin (404 for anyone else): orders/order-access.ts.
  const viewerChecks = [app.requireUser, requireOrderViewer];

  /** preHandler, after requireUser: the spec's list of a user's orders is for that user only. */
  const requireOwnEmail = async (request: FastifyRequest) => {
    const { email } = request.params as { email: string };
    if (email.toLowerCase() !== request.identity!.email) throw new DomainError('FORBIDDEN');
  };

  app.post(
    '/order',
    {
      preHandler: buyerChecks,
      schema: { summary: 'Place an order for one tool', tags: ['orders'], body: orderCreateSchema, response: { 201: insertedIdSchema, ...errors } },
    },
    async (request, reply) => {
      const { toolId, quantity, address, phone, country, region } = request.body;
      return placeOnce(request, reply, 'order', { lines: [{ toolId, quantity }], address, phone, country, region, source: 'purchase' });
    },
  );

  app.post(
    '/orders',
    {
      preHandler: buyerChecks,
      schema: {
        summary: "Place an order for several tools (the cart's checkout)",
        tags: ['orders'],
        body: ordersCreateSchema,
        response: { 201: insertedIdSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { lines, address, phone, country, region } = request.body;
      return placeOnce(request, reply, 'orders', { lines, address, phone, country, region, source: 'cart' });
    },
  );
  app.get(
    '/order/:email',
    {
      preHandler: [app.requireUser, requireOwnEmail],
      schema: {
        summary: "One's own orders, newest first, paged",
        tags: ['orders'],
        responseHeaders: PAGED_LIST_HEADERS,
        params: emailParamSchema,
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listOrdersOfUser(app.db, request.identity!.userId, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(present);
    },
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Every order, filtered, sorted and paged: admins',
        tags: ['orders'],
        responseHeaders: PAGED_LIST_HEADERS,
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAdminOrders(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(present);
    },
  );

  app.get(
    '/orders/:id',
    {
      preHandler: viewerChecks,
      schema: { summary: 'One order: its buyer or an admin', tags: ['orders'], params: idParam, response: { 200: orderSchema, ...errors } },
    },
    async (request) => present(guardedOrder(request)),
  );

  // The spec's PATCH /order/:id (a buyer's payment, an admin's shipping) is served by the payment
  // routes, which depend on orders and not the reverse (payments/order-payment-routes.ts).

  app.delete(
    '/order/:id',
    {
      preHandler: viewerChecks,
      schema: {
        summary: 'Delete an unpaid order: its buyer or an admin',
        tags: ['orders'],
        params: idParam,
        response: { 200: deletedCountSchema, ...errors },
      },
    },
    async (request) => {
      const order = guardedOrder(request);
      // The spec: the buyer and the admin may delete only unpaid orders (a paid one is a sale).
      // Decided under the order's row lock: paid meanwhile (409), or deleted by someone else first (0, as before).
      const outcome = await deleteUnpaidOrder(app.db, order.id, request.identity!);
      if (outcome === 'paid') throw new DomainError('PAID_ORDER_NOT_DELETABLE');
      if (outcome === 'gone') return { deletedCount: 0 };
      request.log.info({ orderId: order.id, by: request.identity!.userId }, 'unpaid order deleted');
      return { deletedCount: 1 };
    },
  );
};
