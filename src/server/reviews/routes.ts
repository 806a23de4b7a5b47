import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  apiErrorSchema,
  insertedIdSchema,
  preview,
  reviewCreateSchema,
  reviewSchema,
  reviewsQuerySchema,
  TOTAL_COUNT_HEADER,
  userNameField,
} from '../../shared';
import { REVALIDATE_CACHE_CONTROL } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { NotAllowedError, TooFrequentError } from '../lib/domain-errors';
import { answerFromCache, ResponseCache } from '../lib/response-cache';
import { insertReviews, listReviews } from './reviews-repository';

export interface ReviewRoutesOptions {
  /** Reviews one signed-in customer may post per hour (REVIEW_RATE_LIMIT). */
  reviewsPerHour: number;
}

/** Review pages kept as ready bytes; past this many, the oldest makes room. */
const CACHED_ANSWERS = 500;

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, opts) => {
  // Public and the same for everyone; a review posted through any process drops them.
  const answers = new ResponseCache(CACHED_ANSWERS);
  const unsubscribe = app.changes.subscribe((topic) => {
    if (topic === 'reviews') answers.invalidate();
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get(
    '/review',
    { ...CACHED_READ_ROUTE, schema: { querystring: reviewsQuerySchema, response: { 200: z.array(reviewSchema), 400: apiErrorSchema } } },
    (request, reply) => {
      const { limit, offset } = request.query;
      return answerFromCache(request, reply, answers, `reviews:${limit}:${offset}`, async () => {
        const { items, total } = await listReviews(app.db, request.query);
        // A new review must show at once on the home page, so browsers revalidate every time.
        return { json: reply.serialize(items), headers: { 'cache-control': REVALIDATE_CACHE_CONTROL, [TOTAL_COUNT_HEADER]: String(total) } };
      });
    },
  );

  app.post(
    '/review',
    {
      preHandler: app.requireUser,
      config: {
        // Counted per customer, not per address: one account posted 300 reviews in two seconds.
        // The limiter runs as a preHandler after requireUser (the default onRequest hook would run
        // before anyone is known); a body that fails validation never gets this far.
        rateLimit: {
          max: opts.reviewsPerHour,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `review:${request.identity!.userId}`,
          errorResponseBuilder: () => new TooFrequentError(API_ERRORS.reviewsTooFast),
        },
      },
      schema: {
        body: reviewCreateSchema,
        response: {
          201: insertedIdSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const identity = request.identity!;
      if (identity.role !== 'customer') throw new NotAllowedError(API_ERRORS.customersOnly);
      // The name shown with the review is the signed-in customer's, whatever the body says; an
      // account older than the name rules may hold a longer one, which is cut to the rule's length.
      const userName = preview(identity.name, userNameField.maxLength ?? Infinity, '');
      const [review] = await insertReviews(app.db, [
        { userId: identity.userId, userName, rating: request.body.rating, reviewText: request.body.reviewText },
      ]);
      return reply.code(201).send({ insertedId: review!.id });
    },
  );
};
