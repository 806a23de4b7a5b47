import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolDetail } from '../../../../../shared/schemas/catalogue';
import { apiGet } from '../../../../lib/api-client';
import { itemsQueryKey } from '../../api/get-items';

/**
 * GET /items/{id}: a tool with its specifications, every photo and its documents, for the edit
 * dialog. Always asked again when the dialog opens (what the admin edits must be what is saved),
 * and under the catalogue's key, so any change to the tool refreshes it.
 */
export const toolDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'admin-detail', id],
    queryFn: ({ signal }) => apiGet<ToolDetail>(`/items/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
  });

export function useToolDetail(id: string | null) {
  return useQuery({ ...toolDetailQueryOptions(id ?? ''), enabled: id !== null });
}
