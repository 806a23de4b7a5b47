import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { reviewsQueryKey } from '../../api/get-reviews';
import { moderatedReviewsQueryKey } from './get-moderated-reviews';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { DeletedCount } from '../../../../../shared/schemas/orders';

/** DELETE /review/{id} (admin): delete a review for good. */
export async function deleteReview(id: string) {
  return (await authedRequest<DeletedCount>(`/review/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => refreshAdminViews(queryClient, [moderatedReviewsQueryKey, reviewsQueryKey]),
  });
}
