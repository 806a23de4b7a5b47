import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductPatch } from '../../../../shared/schemas/admin';
import { authedRequest } from '../../../lib/authed-request';
import { categoriesQueryKey } from '../../catalogue/api/get-categories';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { refreshAdminViews } from './refresh-admin-views';

/**
 * PATCH /items/{id} (admin): only the changed fields. With `expectedAvailableQty` the server
 * refuses (409) when the stock moved since the admin saw it, instead of overwriting a sale.
 */
export async function updateTool({ id, patch }: { id: string; patch: ProductPatch }) {
  return (await authedRequest<{ modifiedCount: number }>(`/items/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch })).data;
}

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTool,
    // A 409 means the stock moved: the list is stale either way.
    onSettled: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
