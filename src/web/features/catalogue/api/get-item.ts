import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../shared';
import { apiGet } from '../../../lib/api-client';
import { itemsQueryKey } from './get-items';

export const itemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'one', id],
    queryFn: ({ signal }) => apiGet<Tool>(`/items/${encodeURIComponent(id)}`, signal),
  });

export function useItem(id: string) {
  return useQuery(itemQueryOptions(id));
}
