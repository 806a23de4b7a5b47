import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentInput } from '../../../../../shared/schemas/orders';
import { authedRequest } from '../../../../lib/authed-request';
import { ordersQueryKey } from '../../api/get-my-orders';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { ModifiedCount } from '../../../../../shared/schemas/accounts';

/** POST /orders/{id}/ship with the optional carrier and tracking (admin). 409 when the order is not paid and pending. */
export async function shipOrder({ id, shipment = {} }: { id: string; shipment?: ShipmentInput }) {
  return (await authedRequest<ModifiedCount>(`/orders/${encodeURIComponent(id)}/ship`, { method: 'POST', body: shipment })).data;
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // A refusal means this list was out of date: refresh it either way.
    onSettled: () => refreshAdminViews(queryClient, [ordersQueryKey]),
  });
}
