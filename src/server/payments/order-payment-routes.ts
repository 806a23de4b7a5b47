import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ERRORS, apiErrorSchema, idParam, isUuid, modifiedCountSchema } from '../../shared';
import { NotFoundError } from '../lib/domain-errors';
import type { OrderMailSettings } from '../mail/templates/order-mail';
import type { PaymentDeps } from './payment-service';
import { refundOrder } from './refund-order';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

interface OrderPaymentRoutesOptions {
  deps: PaymentDeps;
  mail: OrderMailSettings;
}

/**
 * What money does to one order, one route per action, each guarded by its preHandlers: an admin's
 * cancel-and-refund. Registered by the payment routes: payments depend on orders, never the reverse.
 */
export const orderPaymentRoutes: FastifyPluginAsyncZod<OrderPaymentRoutesOptions> = async (app, { deps, mail }) => {
  app.post(
    '/orders/:id/refund',
    // Money leaves the store: the admin must have just proved who they are (decision 023).
    { preHandler: [app.requireAdmin, app.requireFreshAuth], schema: { params: idParam, response: { 200: modifiedCountSchema, ...errors } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw new NotFoundError(API_ERRORS.orderNotFound);
      await refundOrder({ ...deps, log: request.log, mail }, request.params.id, request.identity!);
      return { modifiedCount: 1 };
    },
  );
};
