import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParam, modifiedCountSchema, orderEventSchema, shipmentSchema } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { listOrderEvents } from './order-events';
import { guardedOrder, orderIdOrNotFound, requireOrderViewer } from './order-access';
import { confirmVatNumber, shipOrder, unshipOrder } from './shipping';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * What happens to one order after it is placed: its timeline (its buyer and admins), and the
 * admin's shipping actions on it: ship (with carrier and tracking), undo a mistaken ship. Each admin
 * route is guarded by requireAdmin; none branches on the role. (Cancelling with a refund moves
 * money: order-payment-routes.ts.)
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.get(
    '/orders/:id/events',
    {
      preHandler: [app.requireUser, requireOrderViewer],
      schema: {
        summary: "An order's timeline: its buyer or an admin",
        tags: ['orders'],
        params: idParam,
        response: { 200: z.array(orderEventSchema), ...errors },
      },
    },
    async (request) => listOrderEvents(app.db, guardedOrder(request).id),
  );

  app.post(
    '/orders/:id/ship',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Mark a paid order shipped, with carrier and tracking: admins',
        tags: ['orders'],
        params: idParam,
        body: shipmentSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => ({
      modifiedCount: await shipOrder(app.db, orderIdOrNotFound(request.params.id), request.identity!, request.body, app.store.orderMail),
    }),
  );

  app.post(
    '/orders/:id/unship',
    {
      preHandler: app.requireAdmin,
      schema: { summary: "Undo an order's shipment: admins", tags: ['orders'], params: idParam, response: { 200: modifiedCountSchema, ...errors } },
    },
    async (request) => ({ modifiedCount: await unshipOrder(app.db, orderIdOrNotFound(request.params.id), request.identity!) }),
  );

  app.post(
    '/orders/:id/confirm-vat-number',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: "Confirm a reverse-charge order's VAT number (checked in VIES by the admin), which releases a shipment held for review: admins",
        tags: ['orders'],
        params: idParam,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => ({ modifiedCount: await confirmVatNumber(app.db, orderIdOrNotFound(request.params.id), request.identity!) }),
  );
};
