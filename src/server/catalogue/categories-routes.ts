import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  categoryCreateSchema,
  categoryDeleteQuerySchema,
  categoryPatchSchema,
  categorySchema,
  deletedCountSchema,
  idParam,
  insertedIdSchema,
  isUuid,
  modifiedCountSchema,
} from '../../shared';
import { answerFromCache } from '../catalogue-cache/answer-from-cache';
import { CATALOGUE_CACHE_CONTROL, setNoStore } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { DomainError } from '../lib/domain-errors';
import { listCategories } from './categories-repository';
import { createCategory, deleteCategory, updateCategory } from './categories-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The catalogue's categories: everyone reads them (Our Tools' filter, with counts), admins change
 * them. The list is one answer kept in memory and dropped when a tool or a category changes.
 */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { categoryLists } = app.catalogueCache;

  app.get(
    '/categories',
    {
      ...CACHED_READ_ROUTE,
      schema: {
        summary: 'Every category, with how many tools each lists',
        description:
          'Top-level categories by position, each followed by its subcategories. `toolCount` counts a category\'s own tools and its subcategories\' (what `GET /api/items?category=` lists).',
        tags: ['catalogue'],
        response: { 200: z.array(categorySchema) },
      },
    },
    (request, reply) =>
      answerFromCache(request, reply, categoryLists, 'all', async () => ({
        json: reply.serialize(await listCategories(app.db)),
        headers: { 'cache-control': CATALOGUE_CACHE_CONTROL },
      })),
  );

  // The admin's writes: checked on onRequest, before the body is read; answers are never stored.
  const admin = { onRequest: app.requireAdmin, onSend: async (_request: unknown, reply: Parameters<typeof setNoStore>[0]) => setNoStore(reply) };

  app.post(
    '/categories',
    {
      ...admin,
      schema: { summary: 'Add a category: admins', tags: ['catalogue'], body: categoryCreateSchema, response: { 201: insertedIdSchema, ...errors } },
    },
    async (request, reply) => {
      const category = await createCategory(app.db, request.identity!, request.body);
      return reply.code(201).send({ insertedId: category.id });
    },
  );

  app.patch(
    '/categories/:id',
    {
      ...admin,
      schema: {
        summary: 'Rename, move or reorder a category: admins',
        description: 'A new name gives the category a new slug (unless one is given); the old one keeps working as a filter.',
        tags: ['catalogue'],
        params: idParam,
        body: categoryPatchSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw new DomainError('CATEGORY_NOT_FOUND');
      return { modifiedCount: await updateCategory(app.db, request.identity!, request.params.id, request.body) };
    },
  );

  app.delete(
    '/categories/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete a category: admins',
        description: 'A category that holds tools is deleted only with `moveTo`, the category its tools go to; one with subcategories not at all.',
        tags: ['catalogue'],
        params: idParam,
        querystring: categoryDeleteQuerySchema,
        response: { 200: deletedCountSchema, ...errors },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw new DomainError('CATEGORY_NOT_FOUND');
      return { deletedCount: await deleteCategory(app.db, request.identity!, request.params.id, request.query.moveTo) };
    },
  );
};
