import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '../../../../shared/schemas/catalogue';
import type { UserSummary } from '../../../../shared/schemas/accounts';
import { authedRequest } from '../../../lib/authed-request';

const PAGE_SIZE = 100;
export const usersQueryKey = ['users'] as const;

export const usersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: usersQueryKey,
    queryFn: async ({ pageParam, signal }) => {
      const { data, headers } = await authedRequest<UserSummary[]>(`/user?limit=${PAGE_SIZE}&offset=${pageParam}`, { signal });
      return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length), offset: pageParam };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useUsers() {
  return useInfiniteQuery(usersQueryOptions());
}
