import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idParam,
  isUuid,
  ITEMS_OFFSET_MAX,
  itemsQuerySchema,
  NEXT_CURSOR_HEADER,
  toolSchema,
  TOTAL_COUNT_HEADER,
  type ItemsQuery,
} from '../../shared';
import { DomainError } from '../lib/domain-errors';
import { CATALOGUE_CACHE_CONTROL } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { RETRY_AFTER_SECONDS } from '../lib/database-unavailable';
import { answerFromCache } from '../catalogue-cache/answer-from-cache';
import { toolsAdminRoutes } from './admin-routes';
import { decodeCursor, encodeCursor } from './catalogue-cursor';
import { ClientReadsFullError, createPerClientReads } from './client-reads';
import { imageRoutes } from './images-routes';
import { searchWords } from './search-terms';
import { CatalogueQueryTimeoutError, findTool, listTools, SEARCH_COUNT_MAX } from './tools-repository';
import { CURSOR_PAGED_LIST_HEADERS } from '../plugins/api-docs-operations';

export interface CatalogueRoutesOptions {
  /** Uncached catalogue and search reads a minute per client address (CATALOGUE_READ_RATE_LIMIT). */
  uncachedReadsPerMinute: number;
  /** statement_timeout of the catalogue's queries; null where the database ignores it (PGlite). */
  queryTimeoutMs: number | null;
}

/** Uncached reads one client may have running at once in this process, and waiting (client-reads.ts). */
const CLIENT_READS_AT_ONCE = 2;
const CLIENT_READS_WAITING = 8;
/** A client whose reads are full is asked to come back after this long: one read's time, rounded up. */
const CLIENT_READS_RETRY_AFTER_SECONDS = 1;

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, opts) => {
  // Answers kept as ready bytes, dropped by the catalogue cache whenever a tool or its stock changes
  // in any process (catalogue-cache/catalogue-cache.ts).
  const { firstPages, singleTools, otherPages, toolCounts } = app.catalogueCache;

  /** Where the answer to a page request is kept, and under which key. */
  function pageAnswer(query: ItemsQuery) {
    const { limit, offset, sort, q, after } = query;
    const position = after === undefined ? null : decodeCursor(after, sort);
    const words = searchWords(q);
    const isFirstPage = words.length === 0 && position === null && offset === 0;
    const answers = isFirstPage ? firstPages : otherPages;
    const key = isFirstPage ? `${sort}:${limit}` : `${sort}:${limit}:${offset}:${after ?? ''}:${words.join(' ')}`;
    return { answers, key, position, words };
  }
  const toolKey = (id: string) => `item:${id.toLowerCase()}`;

  /**
   * One client's allowance of reads that cost a query (decision 026): @fastify/rate-limit counts
   * them (in Redis when REDIS_URL is set, so all processes share one count), after validation, and
   * never a request the catalogue's memory answers: a cached page is free and never refused. Its
   * key (the client address as the limiter reads it) also names the client for clientReads.
   */
  const clientOf = new WeakMap<FastifyRequest, string>();
  const uncachedReads = (isCached: (request: FastifyRequest) => boolean) => ({
    rateLimit: {
      max: opts.uncachedReadsPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      allowList: (request: FastifyRequest, client: string) => {
        if (isCached(request)) return true;
        clientOf.set(request, client);
        return false;
      },
    },
  });
  const clientReads = createPerClientReads({ atOnce: CLIENT_READS_AT_ONCE, waiting: CLIENT_READS_WAITING });
  const readFor = <T>(request: FastifyRequest, read: () => Promise<T>) => clientReads.run(clientOf.get(request) ?? request.ip, read);

  // Both refusals leave the request as if it had not come: the client may send it again shortly.
  app.setErrorHandler((error: FastifyError | ClientReadsFullError | CatalogueQueryTimeoutError, request) => {
    if (error instanceof ClientReadsFullError) {
      throw new DomainError('TOO_MANY_REQUESTS', {}, { retryAfterSeconds: CLIENT_READS_RETRY_AFTER_SECONDS });
    }
    if (error instanceof CatalogueQueryTimeoutError) {
      request.log.warn({ req: request }, 'catalogue query stopped by its time limit');
      throw new DomainError('CATALOGUE_BUSY', {}, { retryAfterSeconds: RETRY_AFTER_SECONDS });
    }
    throw error;
  });

  app.get(
    '/items',
    {
      ...CACHED_READ_ROUTE,
      config: uncachedReads((request) => {
        const { answers, key } = pageAnswer(request.query as ItemsQuery);
        return answers.peek(key) !== undefined;
      }),
      schema: {
        summary: 'A page of the catalogue: search, sort, paging',
        tags: ['catalogue'],
        responseHeaders: CURSOR_PAGED_LIST_HEADERS,
        description:
          'A page of the catalogue, searched (`q`: every word, as the start of a word) and sorted (`sort`). ' +
          `The \`${TOTAL_COUNT_HEADER}\` header holds how many tools the whole list has (a search counts its matches up to ${SEARCH_COUNT_MAX}); \`${NEXT_CURSOR_HEADER}\`, ` +
          `when there is a next page, the value of \`after\` that asks for it. \`offset\` reaches the first ${ITEMS_OFFSET_MAX} rows; deeper pages go by \`after\`. ` +
          'Answers the catalogue holds in memory are free; other reads count against a per-client allowance (429 with Retry-After past it).',
        querystring: itemsQuerySchema,
        response: { 200: z.array(toolSchema), 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    (request, reply) => {
      const { limit, offset, sort } = request.query;
      const { answers, key, position, words } = pageAnswer(request.query);
      return answerFromCache(request, reply, answers, key, () =>
        readFor(request, async () => {
          const { items, total, next } = await listTools(app.db, toolCounts, { limit, offset, sort, after: position, words }, opts.queryTimeoutMs);
          const headers: Record<string, string> = { 'cache-control': CATALOGUE_CACHE_CONTROL, [TOTAL_COUNT_HEADER]: String(total) };
          if (next) headers[NEXT_CURSOR_HEADER] = encodeCursor(next);
          return { json: reply.serialize(items), headers };
        }),
      );
    },
  );

  app.get(
    '/items/:id',
    {
      ...CACHED_READ_ROUTE,
      config: uncachedReads((request) => {
        const { id } = request.params as { id: string };
        return !isUuid(id) || singleTools.peek(toolKey(id)) !== undefined;
      }),
      schema: { summary: 'One tool', tags: ['catalogue'], params: idParam, response: { 200: toolSchema, 404: apiErrorSchema, 429: apiErrorSchema } },
    },
    (request, reply) => {
      const { id } = request.params;
      // A malformed id names no tool: the same 404 as an unknown one, and no query.
      if (!isUuid(id)) throw new DomainError('TOOL_NOT_FOUND');
      return answerFromCache(request, reply, singleTools, toolKey(id), () =>
        readFor(request, async () => {
          const tool = await findTool(app.db, id);
          // Not cached: an unknown id costs its query every time, as before, and fills no memory.
          if (!tool) throw new DomainError('TOOL_NOT_FOUND');
          return { json: reply.serialize(tool), headers: { 'cache-control': CATALOGUE_CACHE_CONTROL } };
        }),
      );
    },
  );

  // Encapsulated: the admin writes answer no-store, and only the images plugin reads image bodies.
  await app.register(toolsAdminRoutes);
  await app.register(imageRoutes);
};
