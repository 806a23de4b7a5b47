import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERRORS, apiErrorSchema, idParam, isUuid, modifiedCountSchema, orderEventSchema, shipmentSchema } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { NotFoundError } from '../lib/domain-errors';
import type { OrderMailSettings } from '../mail/templates/order-mail';
import { listOrderEvents } from './order-events';
import { findOrder } from './orders-repository';
import { shipOrder, unshipOrder } from './shipping';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

interface AdminOrderRoutesOptions {
  /**
   * Not used here since refunds moved to the payment routes (decision 032); app.ts still passes it.
   * Drop both together.
   */
  provider?: unknown;
  mail: OrderMailSettings;
}

/** An order id from the path, or 404: a malformed id is an order that does not exist. */
const orderIdOf = (id: string) => {
  if (!isUuid(id)) throw new NotFoundError(API_ERRORS.orderNotFound);
  return id;
};

/**
 * What happens to one order after it is placed: its timeline (its buyer and admins), and the
 * admin's shipping actions on it: ship (with carrier and tracking), undo a mistaken ship. Each admin
 * route is guarded by requireAdmin; none branches on the role. (Cancelling with a refund moves
 * money: payments/order-payment-routes.ts.)
 */
export const adminOrderRoutes: FastifyPluginAsyncZod<AdminOrderRoutesOptions> = async (app, opts) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.get(
    '/orders/:id/events',
    { preHandler: app.requireUser, schema: { params: idParam, response: { 200: z.array(orderEventSchema), ...errors } } },
    async (request) => {
      const identity = request.identity!;
      const order = await findOrder(app.db, orderIdOf(request.params.id));
      if (!order || (order.userId !== identity.userId && identity.role !== 'admin')) throw new NotFoundError(API_ERRORS.orderNotFound);
      return listOrderEvents(app.db, order.id);
    },
  );

  app.post(
    '/orders/:id/ship',
    { preHandler: app.requireAdmin, schema: { params: idParam, body: shipmentSchema, response: { 200: modifiedCountSchema, ...errors } } },
    async (request) => ({
      modifiedCount: await shipOrder(app.db, orderIdOf(request.params.id), request.identity!, request.body, opts.mail),
    }),
  );

  app.post(
    '/orders/:id/unship',
    { preHandler: app.requireAdmin, schema: { params: idParam, response: { 200: modifiedCountSchema, ...errors } } },
    async (request) => ({ modifiedCount: await unshipOrder(app.db, orderIdOf(request.params.id), request.identity!) }),
  );
};
