import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrdersCreateBody } from '../../../../shared/schemas/orders';
import { authedRequest } from '../../../lib/authed-request';
import { sendOnce } from '../../../lib/send-once';
import { ordersQueryKey } from '../../orders/api/get-my-orders';
import { cartQueryKey } from '../../../lib/cart/server-cart';
import type { InsertedId } from '../../../../shared/schemas/common';

/**
 * POST /api/orders: one order of the cart's tools. The server prices every line and takes the
 * ordered tools out of the cart. Sent with an Idempotency-Key, and sent again with the same key if
 * the connection drops, so the customer gets one order whatever the network does.
 */
export async function placeCartOrder(order: OrdersCreateBody) {
  return sendOnce((headers) => authedRequest<InsertedId>('/orders', { method: 'POST', body: order, headers }));
}

export function usePlaceCartOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCartOrder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]);
    },
  });
}
