import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { DeletedCount } from '../../../../../shared/schemas/orders';

/** DELETE /items/{id}/documents/{documentId} (admin). */
export async function deleteDocument({ toolId, documentId }: { toolId: string; documentId: string }) {
  const path = `/items/${encodeURIComponent(toolId)}/documents/${encodeURIComponent(documentId)}`;
  return (await authedRequest<DeletedCount>(path, { method: 'DELETE' })).data;
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () => refreshAdminViews(queryClient, [itemsQueryKey]),
  });
}
