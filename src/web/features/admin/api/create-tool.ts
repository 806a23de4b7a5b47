import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductCreate } from '../../../../shared/schemas/admin';
import { authedRequest } from '../../../lib/authed-request';
import { categoriesQueryKey } from '../../catalogue/api/get-categories';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { refreshAdminViews } from './refresh-admin-views';

/** POST /items (admin): adds a tool. */
export async function createTool(tool: ProductCreate) {
  return (await authedRequest<{ insertedId: string }>('/items', { method: 'POST', body: tool })).data;
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: () => refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey]),
  });
}
