import { queryOptions, useQuery } from '@tanstack/react-query';
import { authedGet } from '../../../lib/authed-request';
import type { AdminStatus } from '../../../../shared/schemas/accounts';

/** Spec: "Admin status is determined by asking the server about the user's email." */
export const adminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['admin-status', email],
    queryFn: ({ signal }) => authedGet<AdminStatus>(`/admin/${encodeURIComponent(email)}`, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useAdminStatus(email: string | undefined) {
  return useQuery({ ...adminStatusQueryOptions(email ?? ''), enabled: Boolean(email) });
}
