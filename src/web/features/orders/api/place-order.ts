import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCreateBody } from '../../../../shared/schemas/orders';
import { authedRequest } from '../../../lib/authed-request';
import { sendOnce } from '../../../lib/send-once';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { ordersQueryKey } from './get-my-orders';
import type { InsertedId } from '../../../../shared/schemas/common';

/**
 * POST /order. The server reads only the tool, quantity, address and phone. Sent with an
 * Idempotency-Key, and again with the same key if the connection drops (lib/send-once.ts).
 */
export async function placeOrder(order: OrderCreateBody) {
  return sendOnce((headers) => authedRequest<InsertedId>('/order', { method: 'POST', body: order, headers }));
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
