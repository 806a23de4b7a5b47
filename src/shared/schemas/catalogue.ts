import { z } from 'zod';
import { PAGE } from '../constants';

/** A tool as the API serves it (spec: "Tool (served as items)"). Price is in dollars. */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  description: z.string(),
  minQty: z.number().int(),
  availableQty: z.number().int(),
});
export type Tool = z.infer<typeof toolSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  rating: z.number(),
  reviewText: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export function pageQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(maxLimit, { error: `limit must be at most ${maxLimit}` })
      .default(defaultLimit),
    offset: z.coerce
      .number({ error: 'offset must be a whole number' })
      .int({ error: 'offset must be a whole number' })
      .min(0, { error: 'offset must be 0 or more' })
      .max(1_000_000_000, { error: 'offset is too large' })
      .default(0),
  });
}

export const itemsQuerySchema = pageQuery(PAGE.itemsDefault, PAGE.itemsMax);
export const reviewsQuerySchema = pageQuery(PAGE.reviewsDefault, PAGE.reviewsMax);
export const usersQuerySchema = pageQuery(PAGE.usersDefault, PAGE.usersMax);
export const ordersQuerySchema = pageQuery(PAGE.ordersDefault, PAGE.ordersMax);
export type PageQuery = z.output<typeof itemsQuerySchema>;

// Lives with the constants, so the web app can read it without running this module's schemas.
export { TOTAL_COUNT_HEADER } from '../constants';
