import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { categoriesQueryKey } from '../../api/get-categories';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { DeletedCount } from '../../../../../shared/schemas/orders';

/** DELETE /items/{id} (admin). */
export async function deleteTool(id: string) {
  return (await authedRequest<DeletedCount>(`/items/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
