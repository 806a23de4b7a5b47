import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERRORS, apiErrorSchema, idParam, isUuid, itemsQuerySchema, toolSchema, TOTAL_COUNT_HEADER } from '../../shared';
import { NotFoundError } from '../lib/domain-errors';
import { CATALOGUE_CACHE_CONTROL } from '../lib/cache-headers';
import { CACHED_READ_LOG_LEVEL } from '../lib/log-levels';
import { ResponseCache, sendCached } from '../lib/response-cache';
import { toolsAdminRoutes } from './admin-routes';
import { imageRoutes } from './images-routes';
import { forgetToolCount } from './tool-count-cache';
import { findTool, listTools } from './tools-repository';

/** Catalogue pages and tools kept as ready bytes; past this many, the oldest makes room. */
const CACHED_ANSWERS = 2_000;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every answer here is public and the same for every caller (no per-user field), so one copy
  // serves everyone. A tool added, edited or deleted, or stock moved, through any process drops it.
  const answers = new ResponseCache(CACHED_ANSWERS);
  const unsubscribe = app.changes.subscribe((topic) => {
    if (topic === 'tools') forgetToolCount(app.db);
    if (topic === 'tools' || topic === 'stock') answers.invalidate();
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get(
    '/items',
    {
      logLevel: CACHED_READ_LOG_LEVEL,
      schema: {
        querystring: itemsQuerySchema,
        response: { 200: z.array(toolSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const answer = await answers.get(`items:${limit}:${offset}`, async () => {
        const { items, total } = await listTools(app.db, request.query);
        return {
          json: reply.serialize(items),
          headers: { 'cache-control': CATALOGUE_CACHE_CONTROL, [TOTAL_COUNT_HEADER]: String(total) },
        };
      });
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/items/:id',
    { logLevel: CACHED_READ_LOG_LEVEL, schema: { params: idParam, response: { 200: toolSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      // A malformed id names no tool: the same 404 as an unknown one, and no query.
      if (!isUuid(id)) throw new NotFoundError(API_ERRORS.toolNotFound);
      const answer = await answers.get(`item:${id.toLowerCase()}`, async () => {
        const tool = await findTool(app.db, id);
        // Not cached: an unknown id costs its query every time, as before, and fills no memory.
        if (!tool) throw new NotFoundError(API_ERRORS.toolNotFound);
        return { json: reply.serialize(tool), headers: { 'cache-control': CATALOGUE_CACHE_CONTROL } };
      });
      return sendCached(request, reply, answer);
    },
  );

  // Encapsulated: the admin writes answer no-store, and only the images plugin reads image bodies.
  await app.register(toolsAdminRoutes);
  await app.register(imageRoutes);
};
