import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { categoriesQueryKey } from '../../catalogue/api/get-categories';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { refreshAdminViews } from './refresh-admin-views';

/** DELETE /items/{id} (admin). */
export async function deleteTool(id: string) {
  return (await authedRequest<{ deletedCount: number }>(`/items/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
