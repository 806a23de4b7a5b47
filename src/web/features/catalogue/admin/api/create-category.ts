import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryCreate } from '../../../../../shared/schemas/catalogue-structure';
import { authedRequest } from '../../../../lib/authed-request';
import { categoriesQueryKey } from '../../api/get-categories';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { InsertedId } from '../../../../../shared/schemas/common';

/** POST /categories (admin): a top-level category, or one under `parentId`, placed last. */
export async function createCategory(category: CategoryCreate) {
  return (await authedRequest<InsertedId>('/categories', { method: 'POST', body: category })).data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
