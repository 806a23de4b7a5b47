import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '../../../../shared/schemas/admin';
import { authedGet } from '../../../lib/authed-request';

export const statsQueryKey = ['admin', 'stats'] as const;

/** GET /stats (admin): orders by state, paid revenue, revenue per day, top and low-stock tools. */
export const statsQueryOptions = () =>
  queryOptions({
    queryKey: statsQueryKey,
    queryFn: ({ signal }) => authedGet<Stats>('/stats', signal),
  });

export function useStats() {
  return useQuery(statsQueryOptions());
}
