import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductCreate } from '../../../../../shared/schemas/products';
import { authedRequest } from '../../../../lib/authed-request';
import { categoriesQueryKey } from '../../api/get-categories';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { InsertedId } from '../../../../../shared/schemas/common';

/** POST /items (admin): adds a tool. */
export async function createTool(tool: ProductCreate) {
  return (await authedRequest<InsertedId>('/items', { method: 'POST', body: tool })).data;
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
