import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CATALOGUE_TEXTS } from '../../../../../shared/messages/catalogue';
import type { ToolDocument } from '../../../../../shared/schemas/catalogue';
import { CATALOGUE_LIMITS } from '../../../../../shared/schemas/catalogue-structure';
import { uploadFileAuthed } from '../../../../lib/authed-request';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';

/**
 * What the server would refuse anyway, said before the upload starts. Its bytes are the server's
 * to judge (a file named .pdf may be none); here only what the browser knows: its type or name,
 * and its size.
 */
export function checkDocumentFile(file: File): string | null {
  const looksLikePdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!looksLikePdf) return CATALOGUE_TEXTS.documentNotPdf;
  if (file.size > CATALOGUE_LIMITS.documentBytesMax) return CATALOGUE_TEXTS.documentTooLarge;
  return null;
}

/**
 * POST /items/{id}/documents?name= (admin): the PDF itself is the body (`application/pdf`; the
 * JSON client would stringify it). Like every protected call, a 401 or 403 signs the person out.
 */
export async function uploadDocument({ toolId, name, file }: { toolId: string; name: string; file: File }): Promise<ToolDocument> {
  const query = new URLSearchParams({ name }).toString();
  return uploadFileAuthed<ToolDocument>(`/items/${encodeURIComponent(toolId)}/documents?${query}`, file, 'application/pdf');
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    // The tool's detail (the edit dialog's list, its public page) sits under the catalogue's key.
    onSuccess: () => refreshAdminViews(queryClient, [itemsQueryKey]),
  });
}
