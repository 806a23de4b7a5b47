import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, auditEntrySchema, auditQuerySchema, statsSchema, TOTAL_COUNT_HEADER, type AuditEntry } from '../../shared';
import { listAudit, type AuditRow } from '../audit/audit-log';
import { setNoStore } from '../lib/cache-headers';
import { readStats } from './stats-repository';
import { PAGED_LIST_HEADERS } from '../plugins/api-docs-operations';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  actorEmail: row.actorEmail,
  action: row.action,
  targetId: row.targetId,
  before: row.before,
  after: row.after,
  createdAt: row.createdAt.toISOString(),
});

/** The back office's Overview figures and activity log: admins only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.get(
    '/stats',
    {
      preHandler: app.requireAdmin,
      schema: { summary: 'Sales statistics for the dashboard: admins', tags: ['admin'], response: { 200: statsSchema, ...errors } },
    },
    async () => readStats(app.db),
  );

  app.get(
    '/audit',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'The audit log of admin actions, newest first, paged: admins',
        tags: ['admin'],
        responseHeaders: PAGED_LIST_HEADERS,
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAudit(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(toAuditEntry);
    },
  );
};
