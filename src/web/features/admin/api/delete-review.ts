import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { reviewsQueryKey } from '../../reviews/api/get-reviews';
import { moderatedReviewsQueryKey } from './get-moderated-reviews';
import { refreshAdminViews } from './refresh-admin-views';

/** DELETE /review/{id} (admin): delete a review for good. */
export async function deleteReview(id: string) {
  return (await authedRequest<{ deletedCount: number }>(`/review/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => refreshAdminViews(queryClient, [moderatedReviewsQueryKey, reviewsQueryKey]),
  });
}
