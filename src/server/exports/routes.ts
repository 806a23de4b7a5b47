import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrdersFilterSchema, apiErrorSchema } from '../../shared';
import { DomainError } from '../lib/domain-errors';
import { csvFileName } from '../lib/csv';
import { sendCsv } from '../lib/csv-stream';
import { ORDERS_CSV_HEADER, ordersCsvChunks } from './orders-csv';
import { USERS_CSV_HEADER, usersCsvChunks } from './users-csv';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** After requireUserOrSession: the caller is an admin now (the role is read from the database on every request). */
async function requireAdminRole(request: FastifyRequest) {
  if (!request.identity) throw new DomainError('SIGN_IN_REQUIRED');
  if (request.identity.role !== 'admin') throw new DomainError('FORBIDDEN');
}

/**
 * CSV downloads for admins: the orders (with the list's filter and order) and the customers.
 * They are links in the back office, so the session cookie is accepted as well as the bearer
 * token: the browser then saves the file as it arrives, and neither it nor the server ever holds
 * the whole of it. Only GETs, which change nothing: a link from another site could at most make
 * an admin's browser save a file that site cannot read.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminChecks = [app.requireUserOrSession, requireAdminRole];

  app.get(
    '/orders.csv',
    {
      preHandler: adminChecks,
      schema: {
        summary: 'Every order matching the filter, in the order asked for (as GET /api/orders, without paging), as CSV: admins',
        tags: ['admin'],
        querystring: adminOrdersFilterSchema,
        response: errors,
      },
      config: { binaryResponse: { contentType: 'text/csv', description: 'One row per order, to save as orders-2026-11-25.csv' } },
    },
    async (request, reply) => sendCsv(reply, csvFileName('orders'), ORDERS_CSV_HEADER, ordersCsvChunks(app.db, request.query)),
  );

  app.get(
    '/users.csv',
    {
      preHandler: adminChecks,
      schema: { summary: 'Every account with its orders count and paid total, as CSV: admins', tags: ['admin'], response: errors },
      config: { binaryResponse: { contentType: 'text/csv', description: 'One row per account, to save as customers-2026-11-25.csv' } },
    },
    async (_request, reply) => sendCsv(reply, csvFileName('customers'), USERS_CSV_HEADER, usersCsvChunks(app.db)),
  );
};
