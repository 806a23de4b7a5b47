import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  apiErrorSchema,
  insertedIdSchema,
  reviewCreateSchema,
  reviewSchema,
  reviewsQuerySchema,
  TOTAL_COUNT_HEADER,
} from '../../shared';
import { NotAllowedError } from '../lib/domain-errors';
import { insertReviews, listReviews } from './reviews-repository';

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

  app.post(
    '/review',
    {
      preHandler: app.requireUser,
      schema: {
        body: reviewCreateSchema,
        response: { 201: insertedIdSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const identity = request.identity!;
      if (identity.role !== 'customer') throw new NotAllowedError(API_ERRORS.customersOnly);
      // The name shown with the review is the signed-in customer's, whatever the body says.
      const [review] = await insertReviews(app.db, [
        { userId: identity.userId, userName: identity.name, rating: request.body.rating, reviewText: request.body.reviewText },
      ]);
      return reply.code(201).send({ insertedId: review!.id });
    },
  );
};
