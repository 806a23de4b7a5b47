import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/accounts';
import { authedGet } from '../../../lib/authed-request';

export const profileQueryKey = (email: string) => ['profile', email] as const;

export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: profileQueryKey(email),
    queryFn: ({ signal }) => authedGet<Profile>(`/user/${encodeURIComponent(email)}`, signal),
  });

export function useProfile(email: string) {
  return useQuery(profileQueryOptions(email));
}
