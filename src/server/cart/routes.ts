import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, cartAddSchema, cartMergeSchema, cartQuantitySchema, cartSchema, isUuid } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { changeLine, mergeCart, readCart, removeLine } from './cart-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const toolParam = z.object({ toolId: z.string() });

/** Path ids that cannot be a tool are a tool that does not exist (never a database error). */
const knownToolId = (toolId: string) => {
  if (!isUuid(toolId)) throw new DomainError('TOOL_NOT_FOUND', {}, { field: 'toolId' });
  return toolId;
};

/**
 * The signed-in customer's cart (a visitor's lives in their browser until they sign in, then joins
 * this one through /cart/merge). Every change answers the whole cart as it now is.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));
  const own = (userId: string) => readCart(app.db, userId);

  app.get(
    '/cart',
    { preHandler: app.requireUser, schema: { summary: "One's cart", tags: ['cart'], response: { 200: cartSchema, ...errors } } },
    async (request) => own(request.identity!.userId),
  );

  app.post(
    '/cart/lines',
    {
      preHandler: app.requireUser,
      schema: { summary: "Add a tool to one's cart", tags: ['cart'], body: cartAddSchema, response: { 200: cartSchema, ...errors } },
    },
    async (request) => {
      const userId = request.identity!.userId;
      await changeLine(app.db, userId, { ...request.body, toolId: knownToolId(request.body.toolId) }, 'add');
      return own(userId);
    },
  );

  app.put(
    '/cart/lines/:toolId',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Set how many of a tool one's cart holds",
        tags: ['cart'],
        params: toolParam,
        body: cartQuantitySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.identity!.userId;
      await changeLine(app.db, userId, { toolId: knownToolId(request.params.toolId), quantity: request.body.quantity }, 'set');
      return own(userId);
    },
  );

  app.delete(
    '/cart/lines/:toolId',
    {
      preHandler: app.requireUser,
      schema: { summary: "Take a tool out of one's cart", tags: ['cart'], params: toolParam, response: { 200: cartSchema, ...errors } },
    },
    async (request) => {
      const userId = request.identity!.userId;
      if (isUuid(request.params.toolId)) await removeLine(app.db, userId, request.params.toolId);
      return own(userId);
    },
  );

  app.post(
    '/cart/merge',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Merge the cart kept while signed out into one's cart",
        tags: ['cart'],
        body: cartMergeSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.identity!.userId;
      await mergeCart(app.db, userId, request.body.lines.filter((line) => isUuid(line.toolId)));
      return own(userId);
    },
  );
};
