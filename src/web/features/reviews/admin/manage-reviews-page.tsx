import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../../shared/messages';
import type { ModeratedReview } from '../../../../shared/schemas/reviews';
import { ConfirmModal } from '../../../components/confirm-modal';
import type { DataTableColumn } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { StarRating } from '../../../components/star-rating';
import { usePageParam } from '../../../lib/paging';
import { useConfirmedMutation } from '../../../lib/use-confirmed-mutation';
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
  const setHidden = useSetReviewHidden();
  const deleteReview = useDeleteReview();
  const visibility = useConfirmedMutation({
    mutate: (review: ModeratedReview) => setHidden.mutateAsync({ id: review._id, hidden: !review.hidden }),
    success: (review) => (review.hidden ? TOASTS.reviewShown : TOASTS.reviewHidden),
  });
  const removal = useConfirmedMutation({ mutate: (review: ModeratedReview) => deleteReview.mutateAsync(review._id), success: TOASTS.reviewDeleted });

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
            onClick={() => void visibility.run(review)}
            aria-label={`${review.hidden ? 'Show' : 'Hide'}: ${who}`}
          >
            {review.hidden ? 'Show' : 'Hide'}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => removal.ask(review)}
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
      <PagedTable
        query={reviews}
        loadingLabel="Loading reviews"
        failedText="The reviews could not be loaded."
        aria-labelledby="manage-reviews-title"
        getRowKey={(review) => review._id}
        rowTestId="review-row"
        stackBelow="lg"
        emptyText={EMPTY_TEXT.manageReviews}
        columns={[...columns, actionsColumn]}
        page={page}
        pageSize={MODERATED_REVIEWS_PAGE_SIZE}
        onPageChange={setPage}
      />
      <ConfirmModal
        open={removal.target !== null}
        message={CONFIRM.deleteReview}
        busy={deleteReview.isPending}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </section>
  );
}
