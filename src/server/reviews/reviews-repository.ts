import { count, desc } from 'drizzle-orm';
import type { PageQuery, Review } from '../../shared';
import type { AppDatabase } from '../db/client';
import { reviews } from '../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

export function toApiReview(row: ReviewRow): Review {
  return { _id: row.id, userName: row.userName, rating: row.rating, reviewText: row.reviewText };
}

/** Newest first. */
export async function listReviews(db: AppDatabase, page: PageQuery): Promise<{ items: Review[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(reviews),
  ]);
  return { items: rows.map(toApiReview), total: totals?.total ?? 0 };
}

export async function insertReviews(db: AppDatabase, rows: NewReviewRow[]): Promise<ReviewRow[]> {
  if (rows.length === 0) return [];
  return db.insert(reviews).values(rows).returning();
}
