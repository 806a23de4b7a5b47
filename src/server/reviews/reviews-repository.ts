import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { preview, reviewCreateSchema, userNameField, type ModeratedReview, type PageQuery, type Review } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { orders, reviews, users } from '../db/schema';
import type { Identity } from '../identity/identity';
import { changeNotice, noteChange, publishChange } from '../db/change-bus';

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
const cutName = sql<string>`left(${reviews.userName}, ${sql.raw(String(NAME_MAX))})`;
const cutText = sql<string>`left(${reviews.reviewText}, ${sql.raw(String(TEXT_MAX))})`;

/** What the store shows: every review an admin has not hidden. */
const shown = isNull(reviews.hiddenAt);

/** Newest first, hidden ones left out. */
export async function listReviews(db: AppDatabase, page: PageQuery): Promise<{ items: Review[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: reviews.id, userName: cutName, rating: reviews.rating, reviewText: cutText })
      .from(reviews)
      .where(shown)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviews).where(shown),
  ]);
  return { items: rows.map(toApiReview), total: totals?.total ?? 0 };
}

/** Has this customer ever paid for an order? Reviews come from buyers (issue 19). */
export async function hasPaidForAnOrder(db: AppDatabase, userId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paid, true)))
    .limit(1);
  return paid !== undefined;
}

/** Reviews written in the caller's transaction, every process's cached review list told when it commits (the seed, the tests' factories). */
export async function insertReviewRows(tx: AppTransaction, rows: readonly NewReviewRow[]): Promise<ReviewRow[]> {
  if (rows.length === 0) return [];
  const added = await tx.insert(reviews).values([...rows]).returning();
  await publishChange(tx, 'reviews');
  return added;
}

/** insertReviewRows in a transaction of its own. */
export async function insertReviews(db: AppDatabase, rows: NewReviewRow[]): Promise<ReviewRow[]> {
  if (rows.length === 0) return [];
  return db.transaction((tx) => insertReviewRows(tx, rows));
}

/** The admin's moderation list: every review, hidden ones included, newest first, with its author's email when known. */
export async function listReviewsForModeration(db: AppDatabase, page: PageQuery): Promise<{ items: ModeratedReview[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        userName: cutName,
        rating: reviews.rating,
        reviewText: cutText,
        createdAt: reviews.createdAt,
        hiddenAt: reviews.hiddenAt,
        authorEmail: users.email,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviews),
  ]);
  return {
    items: rows.map((row) => ({
      _id: row.id,
      userName: row.userName,
      rating: row.rating,
      reviewText: row.reviewText,
      createdAt: row.createdAt.toISOString(),
      hidden: row.hiddenAt !== null,
      hiddenAt: row.hiddenAt?.toISOString() ?? null,
      authorEmail: row.authorEmail ?? null,
    })),
    total: totals?.total ?? 0,
  };
}

/** How much of a review's text an audit entry of hiding or showing it keeps: enough to recognise it. */
const AUDIT_TEXT_PREVIEW = 80;

/** The author's email, read in the statement that changes the review. */
const authorEmail = sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${reviews.userId})`;

/**
 * Hides a review from the store, or shows it again. The update is conditional on the current
 * state, so only a real change is counted, audited (with who wrote it and the start of its text)
 * and announced to every process's cached review list, all in one transaction; asking for the
 * state it is already in answers modified false. `found` false: no such review.
 */
export async function setReviewHidden(
  db: AppDatabase,
  id: string,
  hidden: boolean,
  admin: Identity,
): Promise<{ found: boolean; modified: boolean }> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(reviews)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(and(eq(reviews.id, id), hidden ? isNull(reviews.hiddenAt) : isNotNull(reviews.hiddenAt)))
      .returning({
        userName: reviews.userName,
        rating: reviews.rating,
        reviewText: reviews.reviewText,
        authorEmail,
        notice: changeNotice(tx, 'reviews'),
      });
    if (changed) {
      noteChange(tx, 'reviews');
      const about = {
        userName: preview(changed.userName, NAME_MAX, '…'),
        email: changed.authorEmail,
        rating: changed.rating,
        text: preview(changed.reviewText, AUDIT_TEXT_PREVIEW, '…'),
      };
      await recordAudit(tx, admin, {
        action: hidden ? 'review.hidden' : 'review.shown',
        targetId: id,
        before: { ...about, hidden: !hidden },
        after: { ...about, hidden },
      });
      return { found: true, modified: true };
    }
    const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).limit(1);
    return { found: Boolean(existing), modified: false };
  });
}

/**
 * Deletes a review for good; the audit entry keeps what was deleted (author, rating, the whole
 * text, when it was written, whether it was hidden), in the same transaction, and every process's
 * cached review list hears of it when that commits. Answers how many were deleted (0: none such).
 */
export async function deleteReview(db: AppDatabase, id: string, admin: Identity): Promise<number> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({
        userName: reviews.userName,
        rating: reviews.rating,
        reviewText: reviews.reviewText,
        createdAt: reviews.createdAt,
        hiddenAt: reviews.hiddenAt,
        authorEmail,
        notice: changeNotice(tx, 'reviews'),
      });
    if (!deleted) return 0;
    noteChange(tx, 'reviews');
    await recordAudit(tx, admin, {
      action: 'review.deleted',
      targetId: id,
      before: {
        userName: preview(deleted.userName, NAME_MAX, '…'),
        email: deleted.authorEmail,
        rating: deleted.rating,
        // The whole text as the store showed it (older rows may hold more than the form allows).
        text: preview(deleted.reviewText, TEXT_MAX, '…'),
        createdAt: deleted.createdAt.toISOString(),
        hidden: deleted.hiddenAt !== null,
      },
      after: null,
    });
    return 1;
  });
}

/** A customer's reviews, for their copy of their data (decision 046), hidden ones too. */
export async function reviewsOfUser(db: AppDatabase, userId: string): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/**
 * Deletes a customer's reviews as their account goes (decision 046), in its transaction; every
 * process's cached review list is told when it commits. Answers how many went.
 */
export async function deleteReviewsOfUser(tx: AppTransaction, userId: string): Promise<number> {
  const deleted = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id });
  if (deleted.length > 0) await publishChange(tx, 'reviews');
  return deleted.length;
}
