import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  deletedCountSchema,
  idParam,
  insertedIdSchema,
  isUuid,
  moderatedReviewSchema,
  moderatedReviewsQuerySchema,
  modifiedCountSchema,
  preview,
  reviewCreateSchema,
  reviewPatchSchema,
  reviewSchema,
  reviewsQuerySchema,
  TOTAL_COUNT_HEADER,
  userNameField,
} from '../../shared';
import { REVALIDATE_CACHE_CONTROL, setNoStore } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { DomainError } from '../lib/domain-errors';
import { answerFromCache } from '../catalogue-cache/answer-from-cache';
import { deleteReview, hasPaidForAnOrder, insertReviews, listReviews, listReviewsForModeration, setReviewHidden } from './reviews-repository';
import { PAGED_LIST_HEADERS } from '../plugins/api-docs-operations';

export interface ReviewRoutesOptions {
  /** Reviews one signed-in customer may post per hour (REVIEW_RATE_LIMIT). */
  reviewsPerHour: number;
}

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, opts) => {
  // Public and the same for everyone; the catalogue cache drops them when a review is posted, hidden,
  // shown or deleted through any process.
  const { reviewPages } = app.catalogueCache;

  app.get(
    '/review',
    {
      ...CACHED_READ_ROUTE,
      schema: {
        summary: "The store's published reviews, newest first, paged",
        tags: ['reviews'],
        responseHeaders: PAGED_LIST_HEADERS,
        querystring: reviewsQuerySchema,
        response: { 200: z.array(reviewSchema), 400: apiErrorSchema },
      },
    },
    (request, reply) => {
      const { limit, offset } = request.query;
      return answerFromCache(request, reply, reviewPages, `reviews:${limit}:${offset}`, async () => {
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
          errorResponseBuilder: () => new DomainError('TOO_MANY_REVIEWS'),
        },
      },
      schema: {
        summary: 'Post a review of the store',
        tags: ['reviews'],
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
      if (identity.role !== 'customer') throw new DomainError('CUSTOMERS_ONLY');
      // A review speaks for a purchase: accounts that never bought could fill the home page's
      // reviews with fakes (five such accounts posted 25 in a second).
      if (!(await hasPaidForAnOrder(app.db, identity.userId))) throw new DomainError('REVIEWS_FROM_BUYERS_ONLY');
      // The name shown with the review is the signed-in customer's, whatever the body says; an
      // account older than the name rules may hold a longer one, which is cut to the rule's length.
      const userName = preview(identity.name, userNameField.maxLength ?? Infinity, '');
      const [review] = await insertReviews(app.db, [
        { userId: identity.userId, userName, rating: request.body.rating, reviewText: request.body.reviewText },
      ]);
      return reply.code(201).header('location', `/api/review/${review!.id}`).send({ insertedId: review!.id });
    },
  );

  // Moderation (admin). A hidden review stays, for the record, until an admin deletes it; every
  // change is audited and announced to every process's cached review list in its transaction.
  app.get(
    '/reviews/all',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Every review, for moderation, paged: admins',
        tags: ['reviews'],
        responseHeaders: PAGED_LIST_HEADERS,
        querystring: moderatedReviewsQuerySchema,
        response: { 200: z.array(moderatedReviewSchema), ...adminErrors },
      },
    },
    async (request, reply) => {
      setNoStore(reply);
      const { items, total } = await listReviewsForModeration(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  app.patch(
    '/review/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Moderate a review: admins',
        tags: ['reviews'],
        params: idParam,
        body: reviewPatchSchema,
        response: { 200: modifiedCountSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      setNoStore(reply);
      const { id } = request.params;
      const result = isUuid(id) ? await setReviewHidden(app.db, id, request.body.hidden, request.identity!) : { found: false, modified: false };
      if (!result.found) throw new DomainError('REVIEW_NOT_FOUND');
      return { modifiedCount: result.modified ? 1 : 0 };
    },
  );

  app.delete(
    '/review/:id',
    {
      preHandler: app.requireAdmin,
      schema: { summary: 'Delete a review: admins', tags: ['reviews'], params: idParam, response: { 200: deletedCountSchema, ...adminErrors } },
    },
    async (request, reply) => {
      setNoStore(reply);
      const { id } = request.params;
      const deletedCount = isUuid(id) ? await deleteReview(app.db, id, request.identity!) : 0;
      if (deletedCount === 0) throw new DomainError('REVIEW_NOT_FOUND');
      request.log.info({ reviewId: id, by: request.identity!.userId }, 'review deleted');
      return { deletedCount };
    },
  );
};
