import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { auditQueryKey } from './get-audit';
import { statsQueryKey } from './get-stats';

/**
 * After any back-office change: refetch the lists it touched, plus the Overview figures and the
 * Activity log, which every change moves.
 */
export function refreshAdminViews(queryClient: QueryClient, touched: readonly QueryKey[]) {
  return Promise.all(
    [...touched, statsQueryKey, auditQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
