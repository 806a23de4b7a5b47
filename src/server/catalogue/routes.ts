import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERRORS, apiErrorSchema, idParam, isUuid, itemsQuerySchema, toolSchema, TOTAL_COUNT_HEADER } from '../../shared';
import { NotFoundError } from '../lib/domain-errors';
import { setCatalogueCaching } from '../lib/cache-headers';
import { toolsAdminRoutes } from './admin-routes';
import { imageRoutes } from './images-routes';
import { forgetToolCount } from './tool-count-cache';
import { findTool, listTools } from './tools-repository';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // A tool added or deleted through any process changes the total every process serves.
  const unsubscribe = app.changes.subscribe((topic) => {
    if (topic === 'tools') forgetToolCount(app.db);
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get(
    '/items',
    {
      schema: {
        querystring: itemsQuerySchema,
        response: { 200: z.array(toolSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listTools(app.db, request.query);
      setCatalogueCaching(reply);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  app.get(
    '/items/:id',
    { schema: { params: idParam, response: { 200: toolSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      // A malformed id names no tool: the same 404 as an unknown one, and no query.
      const tool = isUuid(id) ? await findTool(app.db, id) : null;
      if (!tool) throw new NotFoundError(API_ERRORS.toolNotFound);
      setCatalogueCaching(reply);
      return tool;
    },
  );

  // Encapsulated: the admin writes answer no-store, and only the images plugin reads image bodies.
  await app.register(toolsAdminRoutes);
  await app.register(imageRoutes);
};
