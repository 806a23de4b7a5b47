import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { ordersQueryKey } from '../../api/get-my-orders';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { ModifiedCount } from '../../../../../shared/schemas/accounts';

/** POST /orders/{id}/unship (admin): a shipment marked by mistake goes back to waiting. */
export async function unshipOrder(id: string) {
  return (await authedRequest<ModifiedCount>(`/orders/${encodeURIComponent(id)}/unship`, { method: 'POST' })).data;
}

/** POST /orders/{id}/refund (admin): cancels a paid order with a full refund; 409 with the provider's reason when it refuses. */
export async function refundOrder(id: string) {
  return (await authedRequest<ModifiedCount>(`/orders/${encodeURIComponent(id)}/refund`, { method: 'POST' })).data;
}

/** Both refresh the order lists, the order page and the Overview, whatever the answer (a refusal means the page was stale). */
export function useUnshipOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unshipOrder, onSettled: () => refreshAdminViews(queryClient, [ordersQueryKey]) });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundOrder, onSettled: () => refreshAdminViews(queryClient, [ordersQueryKey]) });
}

/** POST /orders/{id}/confirm-vat-number (admin): the buyer's VAT number was checked (VIES); releases a shipment held for review. */
export async function confirmVatNumber(id: string) {
  return (await authedRequest<ModifiedCount>(`/orders/${encodeURIComponent(id)}/confirm-vat-number`, { method: 'POST' })).data;
}

export function useConfirmVatNumber() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmVatNumber, onSettled: () => refreshAdminViews(queryClient, [ordersQueryKey]) });
}
