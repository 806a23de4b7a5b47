import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  contactMessageSchema,
  contactQuerySchema,
  idParam,
  insertedIdSchema,
  isUuid,
  modifiedCountSchema,
  queriesQuerySchema,
  queryPatchSchema,
  TOTAL_COUNT_HEADER,
} from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { insertContactQuery, listContactQueries, setQueryHandled, toContactMessage } from './contact-repository';
import { PAGED_LIST_HEADERS } from '../plugins/api-docs-operations';

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/queries',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: {
        summary: 'Send the store a message',
        tags: ['contact'],
        body: contactQuerySchema,
        response: { 201: insertedIdSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const insertedId = await insertContactQuery(app.db, request.body, app.store.publicUrl);
      request.log.info({ queryId: insertedId }, 'contact query received');
      return reply.code(201).header('location', `/api/queries/${insertedId}`).send({ insertedId });
    },
  );

  app.get(
    '/queries',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'The messages sent to the store, paged: admins',
        tags: ['contact'],
        responseHeaders: PAGED_LIST_HEADERS,
        querystring: queriesQuerySchema,
        response: { 200: z.array(contactMessageSchema), ...adminErrors },
      },
    },
    async (request, reply) => {
      setNoStore(reply);
      const { handled, ...page } = request.query;
      const { rows, total } = await listContactQueries(app.db, {
        ...page,
        handled: handled === undefined ? undefined : handled === 'true',
      });
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(toContactMessage);
    },
  );

  app.patch(
    '/queries/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Mark a message handled or not: admins',
        tags: ['contact'],
        params: idParam,
        body: queryPatchSchema,
        response: { 200: modifiedCountSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      setNoStore(reply);
      const { id } = request.params;
      const result = isUuid(id) ? await setQueryHandled(app.db, id, request.body.handled, request.identity!) : { found: false, modified: false };
      if (!result.found) throw new DomainError('MESSAGE_NOT_FOUND');
      return { modifiedCount: result.modified ? 1 : 0 };
    },
  );
};
