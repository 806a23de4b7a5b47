import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { ordersQueryKey } from './get-my-orders';
import type { DeletedCount } from '../../../../shared/schemas/orders';

export async function deleteOrder(id: string) {
  return (await authedRequest<DeletedCount>(`/order/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: itemsQueryKey }),
      ]);
    },
  });
}
