import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCreate } from '../../../../shared/schemas/reviews';
import { authedRequest } from '../../../lib/authed-request';
import { reviewsQueryKey } from './get-reviews';
import type { InsertedId } from '../../../../shared/schemas/common';

/** POST /review. The name shown with it is the signed-in customer's; the server sets it. */
export async function addReview(review: ReviewCreate & { userName?: string }) {
  return (await authedRequest<InsertedId>('/review', { method: 'POST', body: review })).data;
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
