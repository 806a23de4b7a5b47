import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { pageQuery } from './catalogue';
import { requiredText } from './fields';

/** POST /api/review. `userName` from the spec's payload is accepted and replaced by the signed-in name. */
export const reviewCreateSchema = z.object({
  rating: z
    .number({ error: VALIDATION.ratingInvalid })
    .int({ error: VALIDATION.ratingInvalid })
    .min(LIMITS.ratingMin, { error: VALIDATION.ratingInvalid })
    .max(LIMITS.ratingMax, { error: VALIDATION.ratingInvalid }),
  reviewText: requiredText(VALIDATION.reviewTextRequired).max(LIMITS.reviewTextMax, { error: VALIDATION.reviewTextTooLong }),
  userName: z.unknown().optional(),
});
export type ReviewCreate = z.output<typeof reviewCreateSchema>;

export const reviewFormSchema = reviewCreateSchema.pick({ rating: true, reviewText: true });
export type ReviewForm = z.input<typeof reviewFormSchema>;

/**
 * GET /api/reviews/all (admin): every review, hidden ones included, as the moderation page reads
 * it. `authorEmail` is null for reviews without a known author (the seeded ones, or an account
 * since deleted).
 */
export const moderatedReviewSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  rating: z.number(),
  reviewText: z.string(),
  createdAt: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  authorEmail: z.string().nullable(),
});
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;
export const moderatedReviewsQuerySchema = pageQuery(20, 100);

/** PATCH /api/review/:id (admin): hide a review from the store, or show it again. */
export const reviewPatchSchema = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }) });
export type ReviewPatch = z.output<typeof reviewPatchSchema>;
