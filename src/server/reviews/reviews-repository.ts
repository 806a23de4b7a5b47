import { count, desc, sql } from 'drizzle-orm';
import { reviewCreateSchema, userNameField, type PageQuery, type Review } from '../../shared';
import type { AppDatabase } from '../db/client';
import { reviews } from '../db/schema';
import { publishChange } from '../lib/change-bus';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

export function toApiReview(row: Pick<ReviewRow, 'id' | 'userName' | 'rating' | 'reviewText'>): Review {
  return { _id: row.id, userName: row.userName, rating: row.rating, reviewText: row.reviewText };
}

/**
 * The public list never carries more than the forms allow, whatever older rows hold (a name of
 * 89,000 characters once made the home page's reviews 1.78 MB): the database cuts each text to
 * the shared schema's maximum before sending it.
 */
const NAME_MAX = userNameField.maxLength!;
const TEXT_MAX = reviewCreateSchema.shape.reviewText.maxLength!;

/** Newest first. */
export async function listReviews(db: AppDatabase, page: PageQuery): Promise<{ items: Review[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        userName: sql<string>`left(${reviews.userName}, ${sql.raw(String(NAME_MAX))})`,
        rating: reviews.rating,
        reviewText: sql<string>`left(${reviews.reviewText}, ${sql.raw(String(TEXT_MAX))})`,
      })
      .from(reviews)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviews),
  ]);
  return { items: rows.map(toApiReview), total: totals?.total ?? 0 };
}

export async function insertReviews(db: AppDatabase, rows: NewReviewRow[]): Promise<ReviewRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const added = await tx.insert(reviews).values(rows).returning();
    // Every process's cached review list hears of it when this commits.
    await publishChange(tx, 'reviews');
    return added;
  });
}
