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
  SKU_PATTERN,
  SLUG_MAX,
  SLUG_PATTERN,
  toolDetailSchema,
  toolSchema,
  TOTAL_COUNT_HEADER,
  type ItemsQuery,
} from '../../shared';
import { DomainError } from '../lib/domain-errors';
import { TransportError } from '../lib/transport-error';
import { CATALOGUE_CACHE_CONTROL } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { RETRY_AFTER_SECONDS } from '../lib/database-unavailable';
import { answerFromCache, answerHitsFirst } from '../catalogue-cache/answer-from-cache';
import { toolsAdminRoutes } from './admin-routes';
import { decodeCursor, encodeCursor } from './catalogue-cursor';
import { ClientReadsFullError, createPerClientReads } from './client-reads';
import { imageRoutes } from './images-routes';
import { searchWords } from './search-terms';
import { CatalogueQueryTimeoutError, listTools, SEARCH_COUNT_MAX, type CatalogueFilter } from './tools-repository';
import { categoryRoutes } from './categories-routes';
import { findCategoryBySlug } from './categories-repository';
import { documentRoutes } from './documents-routes';
import { catalogueTransferRoutes } from './catalogue-transfer-routes';
import { lookUpTool } from './tool-detail';
import type { AppDatabase } from '../db/client';
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
    const { limit, offset, sort, q, after, category, inStock, minPrice, maxPrice } = query;
    const position = after === undefined ? null : decodeCursor(after, sort);
    const words = searchWords(q);
    const filtered = category !== undefined || inStock === true || minPrice !== undefined || maxPrice !== undefined;
    const isFirstPage = words.length === 0 && position === null && offset === 0 && !filtered;
    const answers = isFirstPage ? firstPages : otherPages;
    // The search as typed matters too when it may be an SKU (its tool leads the list).
    const sku = skuSearched(q, words);
    const filters = filtered ? `:${category ?? ''}:${inStock ? 1 : 0}:${minPrice ?? ''}:${maxPrice ?? ''}` : '';
    const key = isFirstPage ? `${sort}:${limit}` : `${sort}:${limit}:${offset}:${after ?? ''}:${words.join(' ')}:${sku ?? ''}${filters}`;
    return { answers, key, position, words, sku };
  }
  /** A tool is kept under its id and under its address. */
  const toolKey = (idOrSlug: string) => (isUuid(idOrSlug) ? `item:${idOrSlug.toLowerCase()}` : `slug:${idOrSlug}`);

  /**
   * One client's allowance of reads that cost a query (decision 026): @fastify/rate-limit counts
   * them (in Redis when REDIS_URL is set, so all processes share one count), after validation, and
   * never a request the catalogue's memory answers: a cached page is sent by the preHandler before
   * the limiter's (answerHitsFirst), free and never refused. The limiter's key (the client address
   * as it reads it) also names the client for clientReads.
   */
  const clientOf = new WeakMap<FastifyRequest, string>();
  const uncachedReads = {
    rateLimit: {
      max: opts.uncachedReadsPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      allowList: (request: FastifyRequest, client: string) => {
        clientOf.set(request, client);
        return false;
      },
    },
  };
  const clientReads = createPerClientReads({ atOnce: CLIENT_READS_AT_ONCE, waiting: CLIENT_READS_WAITING });
  const readFor = <T>(request: FastifyRequest, read: () => Promise<T>) => clientReads.run(clientOf.get(request) ?? request.ip, read);

  // Both refusals leave the request as if it had not come: the client may send it again shortly.
  app.setErrorHandler((error: FastifyError | ClientReadsFullError | CatalogueQueryTimeoutError | ToolMovedError, request, reply) => {
    // A renamed tool's old address: where it is now (not an error; thrown out of the cached read).
    if (error instanceof ToolMovedError) {
      return reply.code(301).header('location', `/api/items/${encodeURIComponent(error.slug)}`).header('cache-control', CATALOGUE_CACHE_CONTROL).send();
    }
    if (error instanceof ClientReadsFullError) {
      throw new TransportError('TOO_MANY_REQUESTS', {}, { retryAfterSeconds: CLIENT_READS_RETRY_AFTER_SECONDS });
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
      config: uncachedReads,
      preHandler: answerHitsFirst((request) => pageAnswer(request.query as ItemsQuery)),
      schema: {
        summary: 'A page of the catalogue: search, sort, paging',
        tags: ['catalogue'],
        responseHeaders: CURSOR_PAGED_LIST_HEADERS,
        description:
          'A page of the catalogue, searched (`q`: every word, as the start of a word; a search that is a tool\'s exact SKU lists that tool first), sorted (`sort`) ' +
          'and filtered: `category` (a category\'s slug: its tools and its subcategories\'), `inStock=true` (tools that can be bought now), `minPrice` and `maxPrice` (dollars). ' +
          `The \`${TOTAL_COUNT_HEADER}\` header holds how many tools the whole list has (a search counts its matches up to ${SEARCH_COUNT_MAX}); \`${NEXT_CURSOR_HEADER}\`, ` +
          `when there is a next page, the value of \`after\` that asks for it. \`offset\` reaches the first ${ITEMS_OFFSET_MAX} rows; deeper pages go by \`after\`. ` +
          'Answers the catalogue holds in memory are free; other reads count against a per-client allowance (429 with Retry-After past it).',
        querystring: itemsQuerySchema,
        response: { 200: z.array(toolSchema), 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    (request, reply) => {
      const { limit, offset, sort } = request.query;
      const { answers, key, position, words, sku } = pageAnswer(request.query);
      return answerFromCache(request, reply, answers, key, () =>
        readFor(request, async () => {
          const filter = await filterOf(app.db, request.query);
          const page = { limit, offset, sort, after: position, words, filter, sku };
          const { items, total, next } = await listTools(app.db, toolCounts, page, opts.queryTimeoutMs);
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
      config: uncachedReads,
      preHandler: answerHitsFirst((request) => {
        const { id } = request.params as { id: string };
        // Neither an id nor an address: the same 404 as an unknown tool, with no query, so not counted.
        if (!namesATool(id)) throw new DomainError('TOOL_NOT_FOUND');
        return { answers: singleTools, key: toolKey(id) };
      }),
      schema: {
        summary: 'One tool, by id or by address (slug), with its category, specifications, photos and documents',
        description:
          'A tool\'s page reads it by its address (`slug`). An address the tool had before it was renamed answers 301 to its address now.',
        tags: ['catalogue'],
        params: idParam,
        response: { 200: toolDetailSchema, 301: z.null().describe('Moved: Location names the tool\'s address now'), 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      return answerFromCache(request, reply, singleTools, toolKey(id), () =>
        readFor(request, async () => {
          const found = await lookUpTool(app.db, id);
          // Not cached: an unknown id costs its query every time, as before, and fills no memory.
          if (!found) throw new DomainError('TOOL_NOT_FOUND');
          if ('movedTo' in found) throw new ToolMovedError(found.movedTo);
          return { json: reply.serialize(found.found), headers: { 'cache-control': CATALOGUE_CACHE_CONTROL } };
        }),
      );
    },
  );

  await app.register(categoryRoutes);
  await app.register(documentRoutes);
  await app.register(catalogueTransferRoutes);
  // Encapsulated: the admin writes answer no-store, and only the images plugin reads image bodies.
  await app.register(toolsAdminRoutes);
  await app.register(imageRoutes);
};

/** A search as typed that could be an SKU ("TH-01001", "ab.12/3"): one word of SKU characters. */
function skuSearched(q: string, words: readonly string[]): string | null {
  const typed = q.trim();
  return words.length > 0 && SKU_PATTERN.test(typed) && typed.length <= 40 ? typed : null;
}

/** An id, or something shaped like an address: anything else names no tool. */
const namesATool = (value: string) => isUuid(value) || (value.length <= SLUG_MAX && SLUG_PATTERN.test(value));

/** The page's filter from its query; an unknown category is a 404 (an old address of one finds it). */
async function filterOf(db: AppDatabase, query: ItemsQuery): Promise<CatalogueFilter> {
  let category: CatalogueFilter['category'] = null;
  if (query.category !== undefined) {
    const found = await findCategoryBySlug(db, query.category);
    if (!found) throw new DomainError('CATEGORY_NOT_FOUND');
    category = found.parentId === null ? { column: 'top_category_id', id: found.id } : { column: 'category_id', id: found.id };
  }
  // Prices are whole cents: a bound between two cents is the next cent inside the range (rounding
  // 19.999 to 20.00 as a maximum would list a $20 tool). The 1e-6 absorbs binary fractions (20.01 * 100 = 2000.9999999999998).
  const cents = (dollars: number | undefined, inward: (value: number) => number, nudge: number) =>
    dollars === undefined ? null : inward(dollars * 100 + nudge);
  return {
    category,
    inStock: query.inStock === true,
    minPriceCents: cents(query.minPrice, Math.ceil, -1e-6),
    maxPriceCents: cents(query.maxPrice, Math.floor, 1e-6),
  };
}

/** Thrown out of a tool's cached read when the address asked for is an old one: answered 301. */
class ToolMovedError extends Error {
  constructor(readonly slug: string) {
    super(`the tool moved to ${slug}`);
    this.name = 'ToolMovedError';
  }
}
