import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPatch } from '../../../../shared/schemas/orders';
import { authedRequest } from '../../../lib/authed-request';
import { ordersQueryKey } from '../../orders/api/get-my-orders';
import { refreshAdminViews } from './refresh-admin-views';

/** PATCH /order/{id} {status: 'shipped'} (admin). 409 when the order is not paid and pending. */
export async function shipOrder(id: string) {
  const body: OrderPatch = { status: 'shipped' };
  return (await authedRequest<{ modifiedCount: number }>(`/order/${encodeURIComponent(id)}`, { method: 'PATCH', body })).data;
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // A refusal means this list was out of date: refresh it either way.
    onSettled: () => refreshAdminViews(queryClient, [ordersQueryKey]),
  });
}
