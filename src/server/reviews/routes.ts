import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, reviewSchema, reviewsQuerySchema, TOTAL_COUNT_HEADER } from '../../shared';
import { listReviews } from './reviews-repository';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    { schema: { querystring: reviewsQuerySchema, response: { 200: z.array(reviewSchema), 400: apiErrorSchema } } },
    async (request, reply) => {
      const { items, total } = await listReviews(app.db, request.query);
      // A new review must show at once on the home page, so revalidate every time.
      reply.header('cache-control', 'no-cache');
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );
};
