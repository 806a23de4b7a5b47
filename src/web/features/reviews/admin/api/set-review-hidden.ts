import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { reviewsQueryKey } from '../../api/get-reviews';
import { moderatedReviewsQueryKey } from './get-moderated-reviews';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { ModifiedCount } from '../../../../../shared/schemas/accounts';

/** PATCH /review/{id} {hidden} (admin): hide a review from the store, or show it again. */
export async function setReviewHidden({ id, hidden }: { id: string; hidden: boolean }) {
  return (await authedRequest<ModifiedCount>(`/review/${encodeURIComponent(id)}`, { method: 'PATCH', body: { hidden } })).data;
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewHidden,
    // The home page's reviews too, should the admin go there next.
    onSuccess: () => refreshAdminViews(queryClient, [moderatedReviewsQueryKey, reviewsQueryKey]),
  });
}
