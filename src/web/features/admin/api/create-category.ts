import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryCreate } from '../../../../shared/schemas/catalogue-structure';
import { authedRequest } from '../../../lib/authed-request';
import { categoriesQueryKey } from '../../catalogue/api/get-categories';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { refreshAdminViews } from './refresh-admin-views';

/** POST /categories (admin): a top-level category, or one under `parentId`, placed last. */
export async function createCategory(category: CategoryCreate) {
  return (await authedRequest<{ insertedId: string }>('/categories', { method: 'POST', body: category })).data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
