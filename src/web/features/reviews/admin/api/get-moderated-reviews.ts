import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModeratedReview } from '../../../../../shared/schemas/reviews';
import { fetchAuthedPage } from '../../../../lib/paging';

/** Prefix of every Manage Reviews query: hiding, showing or deleting a review invalidates it. */
export const moderatedReviewsQueryKey = ['admin', 'reviews'] as const;

export const MODERATED_REVIEWS_PAGE_SIZE = 20;

/** GET /reviews/all?limit=&offset= (admin): every review, hidden ones included, newest first. */
export const moderatedReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...moderatedReviewsQueryKey, { page, pageSize: MODERATED_REVIEWS_PAGE_SIZE }],
    queryFn: ({ signal }) => fetchAuthedPage<ModeratedReview>('/reviews/all', page, MODERATED_REVIEWS_PAGE_SIZE, signal),
  });

export function useModeratedReviews(page: number) {
  return useQuery({ ...moderatedReviewsQueryOptions(page), placeholderData: keepPreviousData });
}
