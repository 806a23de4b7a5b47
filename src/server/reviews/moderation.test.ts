import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countAuditEntries } from '../../../tests/support/audit';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { createReviews } from '../../../tests/support/factories';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type ModeratedReview, type Review } from '../../shared';
import { auditLog, reviews } from '../db/schema';
import type { Identity } from '../identity/identity';
import { deleteReview, setReviewHidden } from './reviews-repository';

/**
 * Review moderation: an admin lists every review (hidden ones too), hides or shows one, or deletes
 * it. The public list (a cached read) leaves hidden ones out on its very next request; every change
 * is audited in its own transaction. (Other processes: moderation-two-processes.test.ts.)
 */
let t: TestApp;
let author: TestUser;
let other: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A: author, B: other, admin } = cast));

const db = () => t.database.db;
const as = (user: TestUser | null) => (user ? bearer(user) : {});
const publicList = async (query = '?limit=100') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/review${query}` });
  expect(res.statusCode).toBe(200);
  return { ids: (res.json() as Review[]).map((review) => review._id), total: Number(res.headers['x-total-count']) };
};
const moderationList = (user: TestUser | null = admin, query = '?limit=100') =>
  t.app.inject({ method: 'GET', url: `/api/reviews/all${query}`, headers: as(user) });
const patch = (id: string, body: unknown, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/review/${id}`, headers: as(user), payload: body as Record<string, unknown> });
const remove = (id: string, user: TestUser | null = admin) => t.app.inject({ method: 'DELETE', url: `/api/review/${id}`, headers: as(user) });
const entriesAbout = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.createdAt);
const hiddenAtOf = async (id: string) => (await db().select({ hiddenAt: reviews.hiddenAt }).from(reviews).where(eq(reviews.id, id)))[0]?.hiddenAt;
const brokenAdmin = (): Identity => ({ userId: admin.userId, sessionId: 'x', email: null as unknown as string, name: admin.name, role: 'admin', emailVerified: true });

let written = 0;
/** A review by `author`, a second newer than the one before. */
async function authorsReview(text = `Review ${randomUUID().slice(0, 6)}`) {
  written += 1;
  const [row] = await createReviews(db(), 1, {
    userId: author.userId,
    userName: author.name,
    rating: 4,
    reviewText: text,
    createdAt: new Date(Date.UTC(2025, 0, 1) + written * 1000),
  });
  return row!;
}

describe('PATCH /api/review/:id {hidden}', () => {
  it('hides a review from the public list on its very next request, audited with its author and text; then shows it again', async () => {
    const review = await authorsReview('Sturdy clamp, but the handle squeaks after a week of daily use in the workshop. Otherwise fine.');
    const before = await publicList(); // the list is now cached
    expect(before.ids).toContain(review.id);

    const hidden = await patch(review.id, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ modifiedCount: 1 });
    const after = await publicList();
    expect(after.ids).not.toContain(review.id);
    expect(after.total).toBe(before.total - 1);
    expect(await hiddenAtOf(review.id)).toBeInstanceOf(Date);

    const about = {
      userName: author.name,
      email: author.email,
      rating: 4,
      text: `${'Sturdy clamp, but the handle squeaks after a week of daily use in the workshop. '.slice(0, 80)}…`,
    };
    expect(await entriesAbout(review.id)).toEqual([
      expect.objectContaining({ actorEmail: admin.email, action: 'review.hidden', before: { ...about, hidden: false }, after: { ...about, hidden: true } }),
    ]);

    // Hiding it again changes nothing and writes nothing.
    expect((await patch(review.id, { hidden: true })).json()).toEqual({ modifiedCount: 0 });
    expect(await entriesAbout(review.id)).toHaveLength(1);

    const shown = await patch(review.id, { hidden: false });
    expect(shown.json()).toEqual({ modifiedCount: 1 });
    expect((await publicList()).ids).toContain(review.id);
    expect(await hiddenAtOf(review.id)).toBeNull();
    const entries = await entriesAbout(review.id);
    expect(entries.map((entry) => entry.action)).toEqual(['review.hidden', 'review.shown']);
    expect(entries[1]).toMatchObject({ before: { hidden: true }, after: { hidden: false } });
  });

  it.each([
    ['no body', undefined, 'hidden'],
    ['hidden missing', {}, 'hidden'],
    ['hidden not a boolean', { hidden: 'yes' }, 'hidden'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const review = await authorsReview();
    const res = await patch(review.id, body);
    expect(res.statusCode).toBe(400);
    if (body !== undefined) {
      expect(res.json()).toMatchObject({ status: 400, detail: 'hidden must be true or false', errors: [{ field, detail: 'hidden must be true or false' }] });
    }
    expect(await hiddenAtOf(review.id)).toBeNull();
    expect(await entriesAbout(review.id)).toEqual([]);
  });
});

describe('DELETE /api/review/:id', () => {
  it('deletes a review, gone from both lists at once, audited with what was deleted', async () => {
    const review = await authorsReview('Deleted for good');
    expect((await publicList()).ids).toContain(review.id);
    const res = await remove(review.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await publicList()).ids).not.toContain(review.id);
    expect(((await moderationList()).json() as ModeratedReview[]).map((m) => m._id)).not.toContain(review.id);
    expect(await entriesAbout(review.id)).toEqual([
      expect.objectContaining({
        actorEmail: admin.email,
        action: 'review.deleted',
        before: { userName: author.name, email: author.email, rating: 4, text: 'Deleted for good', createdAt: review.createdAt.toISOString(), hidden: false },
        after: null,
      }),
    ]);
    const again = await remove(review.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ status: 404, detail: API_ERRORS.reviewNotFound });
  });

  it('deletes a hidden review too', async () => {
    const review = await authorsReview();
    expect((await patch(review.id, { hidden: true })).statusCode).toBe(200);
    expect((await remove(review.id)).json()).toEqual({ deletedCount: 1 });
    const [, deleted] = await entriesAbout(review.id);
    expect(deleted).toMatchObject({ action: 'review.deleted', before: { hidden: true } });
  });
});

describe('who may moderate, and unknown reviews', () => {
  it.each([
    ['anonymous', null, 401, API_ERRORS.signInRequired],
    ['the author', 'author', 403, API_ERRORS.forbidden],
    ['another customer', 'other', 403, API_ERRORS.forbidden],
  ] as const)('refuses %s, changing and writing nothing', async (_who, caller, status, message) => {
    const user = caller === 'author' ? author : caller === 'other' ? other : null;
    const review = await authorsReview();
    const audited = await countAuditEntries(db());
    for (const res of [await moderationList(user), await patch(review.id, { hidden: true }, user), await remove(review.id, user)]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status, detail: message });
    }
    expect(await hiddenAtOf(review.id)).toBeNull();
    expect(await countAuditEntries(db())).toBe(audited);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['an id that is not a uuid', 'not-a-review'],
  ])('answers 404 to %s', async (_what, id) => {
    const audited = await countAuditEntries(db());
    for (const res of [await patch(id, { hidden: true }), await remove(id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.reviewNotFound });
    }
    expect(await countAuditEntries(db())).toBe(audited);
  });
});

describe('GET /api/reviews/all (admin)', () => {
  it('lists every review newest first, hidden ones included, with the author when known, paged with the total', async () => {
    const older = await authorsReview('Older one');
    const newer = await authorsReview('Newer one');
    const [seeded] = await createReviews(db(), 1, { createdAt: new Date(Date.UTC(2030, 0, 1)), rating: 2 });
    expect((await patch(older.id, { hidden: true })).statusCode).toBe(200);

    const res = await moderationList();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as ModeratedReview[];
    expect(res.headers['x-total-count']).toBe(String(list.length));
    expect(list.slice(0, 1)).toEqual([
      {
        _id: seeded!.id,
        userName: seeded!.userName,
        rating: 2,
        reviewText: seeded!.reviewText,
        createdAt: seeded!.createdAt.toISOString(),
        hidden: false,
        hiddenAt: null,
        authorEmail: null,
      },
    ]);
    const mine = list.filter((review) => review._id === older.id || review._id === newer.id);
    expect(mine).toEqual([
      expect.objectContaining({ _id: newer.id, reviewText: 'Newer one', hidden: false, authorEmail: author.email, userName: author.name }),
      expect.objectContaining({ _id: older.id, reviewText: 'Older one', hidden: true, hiddenAt: expect.stringMatching(/^\d{4}-/), authorEmail: author.email }),
    ]);
    const times = list.map((review) => review.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const page = await moderationList(admin, '?limit=2&offset=1');
    expect(page.json()).toEqual(list.slice(1, 3));
    expect(page.headers['x-total-count']).toBe(String(list.length));
    expect((await moderationList(admin, '?limit=0')).statusCode).toBe(400);
  });
});

describe('each change commits with its audit entry', () => {
  it('when the entry cannot be written, the review is neither hidden nor deleted, and the public list still shows it', async () => {
    const review = await authorsReview();
    await expect(setReviewHidden(db(), review.id, true, brokenAdmin())).rejects.toThrow();
    expect(await hiddenAtOf(review.id)).toBeNull();
    await expect(deleteReview(db(), review.id, brokenAdmin())).rejects.toThrow();
    expect(await hiddenAtOf(review.id)).toBeNull();
    expect((await publicList()).ids).toContain(review.id);
    expect(await entriesAbout(review.id)).toEqual([]);
  });
});
