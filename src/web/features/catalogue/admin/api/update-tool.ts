import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductPatch } from '../../../../../shared/schemas/products';
import { authedRequest } from '../../../../lib/authed-request';
import { categoriesQueryKey } from '../../api/get-categories';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { ModifiedCount } from '../../../../../shared/schemas/accounts';

/**
 * PATCH /items/{id} (admin): only the changed fields. With `expectedAvailableQty` the server
 * refuses (409) when the stock moved since the admin saw it, instead of overwriting a sale.
 */
export async function updateTool({ id, patch }: { id: string; patch: ProductPatch }) {
  return (await authedRequest<ModifiedCount>(`/items/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch })).data;
}

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTool,
    // A 409 means the stock moved: the list is stale either way.
    onSettled: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
