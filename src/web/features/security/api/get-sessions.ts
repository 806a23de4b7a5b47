import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../../../shared/schemas/accounts';
import { authedGet } from '../../../lib/authed-request';

export const sessionsQueryKey = ['account-sessions'] as const;

/** GET /api/account/sessions: where this account is signed in (never a session's token). */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => authedGet<AccountSession[]>('/account/sessions', signal),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
