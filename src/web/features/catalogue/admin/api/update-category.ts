import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryPatch } from '../../../../../shared/schemas/catalogue-structure';
import { authedRequest } from '../../../../lib/authed-request';
import { categoriesQueryKey } from '../../api/get-categories';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { ModifiedCount } from '../../../../../shared/schemas/accounts';

/**
 * PATCH /categories/{id} (admin): rename, give another address, move under another parent (or to
 * the top level), or put at `position` among its siblings (from 0; the others make room).
 */
export async function updateCategory({ id, patch }: { id: string; patch: CategoryPatch }) {
  return (await authedRequest<ModifiedCount>(`/categories/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch })).data;
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Tools show their category's name and address, so the catalogue is refreshed with the list.
    // A refusal may mean the list was out of date: refresh it either way.
    onSettled: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
