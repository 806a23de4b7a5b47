import { useState } from 'react';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import type { ModeratedReview } from '../../../shared/schemas/reviews';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { StarRating } from '../../components/star-rating';
import { useKeepPageInRange, usePageParam } from '../../lib/paging';
import { notify } from '../../lib/toast';
import { useDeleteReview } from './api/delete-review';
import { MODERATED_REVIEWS_PAGE_SIZE, useModeratedReviews } from './api/get-moderated-reviews';
import { useSetReviewHidden } from './api/set-review-hidden';

const postedDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const columns: DataTableColumn<ModeratedReview>[] = [
  {
    header: 'Review',
    primary: true,
    rowHeader: true,
    className: 'min-w-56',
    // Plain text child: React escapes it, so markup in a review shows literally.
    cell: (review) => <p className="font-normal whitespace-pre-line">{review.reviewText}</p>,
  },
  {
    header: 'By',
    className: 'min-w-40',
    cell: (review) => (
      <div>
        <p>{review.userName}</p>
        {review.authorEmail ? <p className="text-sm break-all text-base-content/80">{review.authorEmail}</p> : null}
      </div>
    ),
  },
  { header: 'Rating', cell: (review) => <StarRating rating={review.rating} /> },
  {
    header: 'Posted',
    cell: (review) => (
      <time className="whitespace-nowrap" dateTime={review.createdAt}>
        {postedDay.format(new Date(review.createdAt))}
      </time>
    ),
  },
  {
    header: 'In the store',
    cell: (review) => (review.hidden ? <span className="badge badge-warning">Hidden</span> : <span className="badge badge-success">Shown</span>),
  },
];

export default function ManageReviewsPage() {
  const [page, setPage] = usePageParam();
  const reviews = useModeratedReviews(page);
  useKeepPageInRange(page, reviews.data?.total, MODERATED_REVIEWS_PAGE_SIZE, setPage);
  const setHidden = useSetReviewHidden();
  const deleteReview = useDeleteReview();
  const [toDelete, setToDelete] = useState<ModeratedReview | null>(null);

  const toggle = async (review: ModeratedReview) => {
    try {
      await setHidden.mutateAsync({ id: review._id, hidden: !review.hidden });
      notify.success(review.hidden ? TOASTS.reviewShown : TOASTS.reviewHidden);
    } catch (error) {
      notify.failure(error);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteReview.mutateAsync(toDelete._id);
      notify.success(TOASTS.reviewDeleted);
    } catch (error) {
      notify.failure(error);
    } finally {
      setToDelete(null);
    }
  };

  const actionsColumn: DataTableColumn<ModeratedReview> = {
    header: 'Actions',
    className: 'min-w-40',
    cell: (review) => {
      const toggling = setHidden.isPending && setHidden.variables?.id === review._id;
      const who = `review by ${review.userName}`;
      return (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={`btn btn-sm ${review.hidden ? 'btn-primary' : 'btn-outline'}`}
            disabled={toggling}
            aria-busy={toggling || undefined}
            onClick={() => void toggle(review)}
            aria-label={`${review.hidden ? 'Show' : 'Hide'}: ${who}`}
          >
            {review.hidden ? 'Show' : 'Hide'}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => setToDelete(review)}
            aria-label={`Delete: ${who}`}
          >
            Delete
          </button>
        </div>
      );
    },
  };

  return (
    <section aria-labelledby="manage-reviews-title">
      <h2 id="manage-reviews-title" className="text-3xl font-bold">Manage Reviews</h2>
      <p className="mt-2 text-base-content/80">
        Every review, newest first. A hidden review leaves the home page at once and stays here until it is deleted.
      </p>
      {reviews.isPending ? <Loading label="Loading reviews" /> : null}
      {reviews.isError ? (
        <div role="alert" className="alert alert-error mt-6">
          <span>The reviews could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void reviews.refetch()}>Try again</button>
        </div>
      ) : null}
      {reviews.data ? (
        <DataTable
          className="mt-6"
          aria-labelledby="manage-reviews-title"
          rows={reviews.data.items}
          getRowKey={(review) => review._id}
          rowTestId="review-row"
          stackBelow="lg"
          emptyText={EMPTY_TEXT.manageReviews}
          columns={[...columns, actionsColumn]}
          busy={reviews.isPlaceholderData}
          page={page}
          pageSize={MODERATED_REVIEWS_PAGE_SIZE}
          total={reviews.data.total}
          onPageChange={setPage}
        />
      ) : null}
      <ConfirmModal
        open={toDelete !== null}
        message={CONFIRM.deleteReview}
        busy={deleteReview.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
