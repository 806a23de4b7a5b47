import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../../shared/schemas/contact';
import { fetchAuthedPage } from '../../../../lib/paging';

/** Prefix of every Messages query: marking a message invalidates it. */
export const messagesQueryKey = ['admin', 'messages'] as const;

export const MESSAGES_PAGE_SIZE = 20;

/** GET /queries?limit=&offset=&handled= (admin): contact messages, newest first. */
export const messagesQueryOptions = (onlyUnhandled: boolean, page: number) =>
  queryOptions({
    queryKey: [...messagesQueryKey, { onlyUnhandled, page, pageSize: MESSAGES_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      fetchAuthedPage<ContactMessage>(onlyUnhandled ? '/queries?handled=false' : '/queries', page, MESSAGES_PAGE_SIZE, signal),
  });

export function useMessages(onlyUnhandled: boolean, page: number) {
  return useQuery({ ...messagesQueryOptions(onlyUnhandled, page), placeholderData: keepPreviousData });
}
