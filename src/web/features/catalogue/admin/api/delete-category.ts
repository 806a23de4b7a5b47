import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { categoriesQueryKey } from '../../api/get-categories';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { DeletedCount } from '../../../../../shared/schemas/orders';

/**
 * DELETE /categories/{id}?moveTo= (admin). A category that holds tools is deleted only with
 * `moveTo`, where its tools go first (409 CATEGORY_NOT_EMPTY without it); one with subcategories
 * not at all (409 CATEGORY_HAS_SUBCATEGORIES).
 */
export async function deleteCategory({ id, moveTo }: { id: string; moveTo?: string | undefined }) {
  const query = moveTo ? `?${new URLSearchParams({ moveTo }).toString()}` : '';
  return (await authedRequest<DeletedCount>(`/categories/${encodeURIComponent(id)}${query}`, { method: 'DELETE' })).data;
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
