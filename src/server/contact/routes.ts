import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contactQuerySchema, insertedIdSchema } from '../../shared';
import { insertContactQuery } from './contact-repository';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/queries',
    {
      config: { rateLimit: app.publicWriteRateLimit },
      schema: {
        body: contactQuerySchema,
        response: { 201: insertedIdSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const insertedId = await insertContactQuery(app.db, request.body);
      request.log.info({ queryId: insertedId }, 'contact query received');
      return reply.code(201).send({ insertedId });
    },
  );
};
