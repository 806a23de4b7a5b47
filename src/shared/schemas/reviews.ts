import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
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
