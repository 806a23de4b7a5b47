import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolLowStock } from '../../../../../shared/schemas/products';
import { authedGet } from '../../../../lib/authed-request';

/** GET /items/{id}/low-stock (admin): the tool's own low-stock mark (null: the store's applies) and the store's. */
export const toolLowStockQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tool-low-stock', id],
    queryFn: ({ signal }) => authedGet<ToolLowStock>(`/items/${encodeURIComponent(id)}/low-stock`, signal),
    staleTime: 0,
  });

export function useToolLowStock(id: string | null) {
  return useQuery({ ...toolLowStockQueryOptions(id ?? ''), enabled: id !== null });
}
