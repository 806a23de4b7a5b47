import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '../../../../shared/schemas/accounts';
import { fetchAuthedPage } from '../../../lib/paging';

/** Prefix of every user-list query: promoting a user invalidates it. */
export const usersQueryKey = ['users'] as const;

export const USERS_PAGE_SIZE = 20;

/** GET /user?limit=&offset= (admin): one page of the users, in sign-up order. */
export const usersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, { page, pageSize: USERS_PAGE_SIZE }],
    queryFn: ({ signal }) => fetchAuthedPage<UserSummary>('/user', page, USERS_PAGE_SIZE, signal),
  });

/** The page before stays on screen while the next one loads, so the table does not jump. */
export function useUsers(page: number) {
  return useQuery({ ...usersQueryOptions(page), placeholderData: keepPreviousData });
}
