import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../shared';
import { apiGet } from '../../../lib/api-client';

export const reviewsQueryKey = ['reviews'] as const;

/** The newest reviews, for the home page carousel. */
export const latestReviewsQueryOptions = (limit = 20) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, 'latest', limit],
    queryFn: ({ signal }) => apiGet<Review[]>(`/review?limit=${limit}`, signal),
  });

export function useLatestReviews(limit = 20) {
  return useQuery(latestReviewsQueryOptions(limit));
}
