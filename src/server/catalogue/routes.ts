import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  apiErrorSchema,
  CATALOGUE_SORTS,
  idParam,
  isUuid,
  itemsQuerySchema,
  NEXT_CURSOR_HEADER,
  PAGE,
  toolSchema,
  TOTAL_COUNT_HEADER,
} from '../../shared';
import { NotFoundError } from '../lib/domain-errors';
import { CATALOGUE_CACHE_CONTROL } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { answerFromCache, ResponseCache } from '../lib/response-cache';
import { toolsAdminRoutes } from './admin-routes';
import { decodeCursor, encodeCursor } from './catalogue-cursor';
import { imageRoutes } from './images-routes';
import { searchWords } from './search-terms';
import { forgetToolCount } from './tool-count-cache';
import { findTool, listTools } from './tools-repository';

/**
 * Answers kept as ready bytes, in three stores so that no stream of requests a client chooses can
 * push out the answers most visitors get (decision 016):
 * - the first page of each order without a search (Home's six, Our Tools' first page): a finite
 *   set of keys (sort × limit), all of which fit, so nothing ever makes room there;
 * - single tools (unknown ids are never stored);
 * - everything else (searches, deep pages): bounded in count and in bytes, the oldest makes room.
 */
const FIRST_PAGES = CATALOGUE_SORTS.length * PAGE.itemsMax;
const SINGLE_TOOLS = 2_000;
const OTHER_PAGES = 1_000;
const OTHER_PAGES_BYTES = 16 * 1024 * 1024;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every answer here is public and the same for every caller (no per-user field), so one copy
  // serves everyone. A tool added, edited or deleted, or stock moved, through any process drops it.
  const firstPages = new ResponseCache(FIRST_PAGES);
  const singleTools = new ResponseCache(SINGLE_TOOLS);
  const otherPages = new ResponseCache(OTHER_PAGES, { maxBytes: OTHER_PAGES_BYTES });
  const unsubscribe = app.changes.subscribe((topic) => {
    if (topic === 'tools') forgetToolCount(app.db);
    if (topic === 'tools' || topic === 'stock') {
      for (const answers of [firstPages, singleTools, otherPages]) answers.invalidate();
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get(
    '/items',
    {
      ...CACHED_READ_ROUTE,
      schema: {
        description:
          'A page of the catalogue, searched (`q`: every word, as the start of a word) and sorted (`sort`). ' +
          `The \`${TOTAL_COUNT_HEADER}\` header holds how many tools the whole list has; \`${NEXT_CURSOR_HEADER}\`, ` +
          'when there is a next page, the value of `after` that asks for it (deep pages: use it rather than `offset`).',
        querystring: itemsQuerySchema,
        response: { 200: z.array(toolSchema), 400: apiErrorSchema },
      },
    },
    (request, reply) => {
      const { limit, offset, sort, q, after } = request.query;
      const position = after === undefined ? null : decodeCursor(after, sort);
      const words = searchWords(q);
      const isFirstPage = words.length === 0 && position === null && offset === 0;
      const answers = isFirstPage ? firstPages : otherPages;
      const key = isFirstPage ? `${sort}:${limit}` : `${sort}:${limit}:${offset}:${after ?? ''}:${words.join(' ')}`;
      return answerFromCache(request, reply, answers, key, async () => {
        const { items, total, next } = await listTools(app.db, { limit, offset, sort, after: position, words });
        const headers: Record<string, string> = { 'cache-control': CATALOGUE_CACHE_CONTROL, [TOTAL_COUNT_HEADER]: String(total) };
        if (next) headers[NEXT_CURSOR_HEADER] = encodeCursor(next);
        return { json: reply.serialize(items), headers };
      });
    },
  );

  app.get(
    '/items/:id',
    { ...CACHED_READ_ROUTE, schema: { params: idParam, response: { 200: toolSchema, 404: apiErrorSchema } } },
    (request, reply) => {
      const { id } = request.params;
      // A malformed id names no tool: the same 404 as an unknown one, and no query.
      if (!isUuid(id)) throw new NotFoundError(API_ERRORS.toolNotFound);
      return answerFromCache(request, reply, singleTools, `item:${id.toLowerCase()}`, async () => {
        const tool = await findTool(app.db, id);
        // Not cached: an unknown id costs its query every time, as before, and fills no memory.
        if (!tool) throw new NotFoundError(API_ERRORS.toolNotFound);
        return { json: reply.serialize(tool), headers: { 'cache-control': CATALOGUE_CACHE_CONTROL } };
      });
    },
  );

  // Encapsulated: the admin writes answer no-store, and only the images plugin reads image bodies.
  await app.register(toolsAdminRoutes);
  await app.register(imageRoutes);
};
