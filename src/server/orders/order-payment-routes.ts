import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParam, modifiedCountSchema, orderPatchSchema, paymentReportSchema } from '../../shared';
import { guardedOrder, orderIdOrNotFound, requireBuyerOfViewedOrder, requireOrderBuyer, requireOrderViewer } from './order-access';
import { shipOrder } from './shipping';
import { paymentDepsOf, settleReportedPayment } from './order-payment';
import { refundOrder } from './refund-order';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * What money does to one order, one route per action, each guarded by its preHandlers (who may act
 * is never decided in a handler): the buyer's payment, an admin's cancel-and-refund, and the spec's
 * PATCH /api/order/:id, which asks for either a payment or a shipment. Registered by the payment
 * routes: payments depend on orders, never the reverse (decision 032).
 */
export const orderPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = app.store.orderMail;
  /**
   * After the provider confirmed a payment in the browser: the order is settled only as the provider
   * says (decision 004). For its buyer only; to anyone else, admins too, the order does not exist.
   */
  app.post(
    '/orders/:id/payment',
    {
      preHandler: [app.requireUser, requireOrderBuyer],
      schema: {
        summary: "Report a payment the provider confirmed: the order's buyer",
        tags: ['payments'],
        params: idParam,
        body: paymentReportSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => ({ modifiedCount: await settleReportedPayment(paymentDepsOf(app, request.log), guardedOrder(request), request.body.transactionId) }),
  );

  app.post(
    '/orders/:id/refund',
    // Money leaves the store: the admin must have just proved who they are (decision 023).
    {
      preHandler: [app.requireAdmin, app.requireFreshAuth],
      schema: {
        summary: 'Cancel a paid order and refund it: admins, freshly signed in',
        tags: ['payments'],
        params: idParam,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      await refundOrder(paymentDepsOf(app, request.log), orderIdOrNotFound(request.params.id), request.identity!);
      return { modifiedCount: 1 };
    },
  );

  /**
   * The spec's call, answered as it always was: its guard is chosen by what the body asks. First
   * the order must be visible to the caller (its buyer or an admin; 404 for anyone else); then
   * `shipped` takes an admin (403 for the buyer) and `pending` takes the buyer (403 for an admin).
   */
  const requireWhatIsAsked = async (request: FastifyRequest, reply: FastifyReply) => {
    const { status } = request.body as { status: 'pending' | 'shipped' };
    return status === 'shipped' ? app.requireAdmin(request, reply) : requireBuyerOfViewedOrder(request);
  };

  app.patch(
    '/order/:id',
    {
      preHandler: [app.requireUser, requireOrderViewer, requireWhatIsAsked],
      schema: {
        summary: 'Report an order paid (its buyer) or shipped (an admin)',
        tags: ['orders', 'payments'],
        params: idParam,
        body: orderPatchSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      const order = guardedOrder(request);
      const { status, transactionId, ...shipment } = request.body;
      // Shipping twice is a 409, never a quiet modifiedCount 0: the admin's screen was stale.
      if (status === 'shipped') return { modifiedCount: await shipOrder(app.db, order.id, request.identity!, shipment, mail) };
      return { modifiedCount: await settleReportedPayment(paymentDepsOf(app, request.log), order, transactionId) };
    },
  );
};
