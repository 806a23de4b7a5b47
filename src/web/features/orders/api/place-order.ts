import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCreate } from '../../../../shared/schemas/orders';
import { authedRequest } from '../../../lib/authed-request';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { ordersQueryKey } from './get-my-orders';

/** POST /order. The server reads only the tool, quantity, address and phone. */
export async function placeOrder(order: OrderCreate) {
  return (await authedRequest<{ insertedId: string }>('/order', { method: 'POST', body: order })).data;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: itemsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]);
    },
  });
}
