import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsQueryKey } from '../../../catalogue/api/get-items';
import { deleteOrder } from '../../api/delete-order';
import { ordersQueryKey } from '../../api/get-my-orders';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';

/**
 * DELETE /order/{id} as an admin (the fetcher is the orders feature's): an unpaid order gives its
 * held stock back, so the catalogue is refreshed too. A paid order is refused with 409.
 */
export function useAdminDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => refreshAdminViews(queryClient, [ordersQueryKey, itemsQueryKey]),
  });
}
