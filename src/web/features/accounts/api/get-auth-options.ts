import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthOptions } from '../../../../shared/schemas/accounts';
import { apiGet } from '../../../lib/api-client';

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-options'],
    queryFn: ({ signal }) => apiGet<AuthOptions>('/auth-options', signal),
    staleTime: Infinity,
  });

export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions());
}
