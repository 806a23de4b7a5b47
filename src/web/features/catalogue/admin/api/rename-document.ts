import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { ModifiedCount } from '../../../../../shared/schemas/accounts';

/** PATCH /items/{id}/documents/{documentId} {name} (admin). */
export async function renameDocument({ toolId, documentId, name }: { toolId: string; documentId: string; name: string }) {
  const path = `/items/${encodeURIComponent(toolId)}/documents/${encodeURIComponent(documentId)}`;
  return (await authedRequest<ModifiedCount>(path, { method: 'PATCH', body: { name } })).data;
}

export function useRenameDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameDocument,
    onSettled: () => refreshAdminViews(queryClient, [itemsQueryKey]),
  });
}
