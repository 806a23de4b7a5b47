import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../shared';
import { apiRequest } from '../../../lib/api-client';
import { TOTAL_COUNT_HEADER } from '../../../../shared/constants';

export interface ToolPage {
  items: Tool[];
  total: number;
  offset: number;
}

export async function getItems(limit: number, offset: number, signal?: AbortSignal): Promise<ToolPage> {
  const { data, headers } = await apiRequest<Tool[]>(`/items?limit=${limit}&offset=${offset}`, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length), offset };
}

export const itemsQueryKey = ['items'] as const;

/** The first `limit` tools (the home page asks for 6). */
export const firstItemsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'first', limit],
    queryFn: ({ signal }) => getItems(limit, 0, signal).then((page) => page.items),
  });

export function useFirstItems(limit: number) {
  return useQuery(firstItemsQueryOptions(limit));
}
