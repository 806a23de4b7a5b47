import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { itemsQueryKey } from '../../catalogue/api/get-items';
import { refreshAdminViews } from './refresh-admin-views';

/** DELETE /items/{id}/documents/{documentId} (admin). */
export async function deleteDocument({ toolId, documentId }: { toolId: string; documentId: string }) {
  const path = `/items/${encodeURIComponent(toolId)}/documents/${encodeURIComponent(documentId)}`;
  return (await authedRequest<{ deletedCount: number }>(path, { method: 'DELETE' })).data;
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () => refreshAdminViews(queryClient, [itemsQueryKey]),
  });
}
