import { QueryCache, QueryClient } from '@tanstack/react-query';
import { failureMessage, isStoreBusy, queryRetryDelay, shouldRetryQuery } from './request-failure';
import { notify } from './toast';

/** One client for the app, so signing out can drop every cached answer. */
export const queryClient = new QueryClient({
  // A read that is still refused after its retries says so, whatever page asked; the page keeps
  // the data it had (TanStack Query does not drop it on an error). A query marked `quietWhenBusy`
  // (the session check) is shown by whoever needs its answer: the guards say "busy" themselves.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.quietWhenBusy) return;
      if (isStoreBusy(error)) notify.busy(failureMessage(error));
    },
  }),
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetryQuery, retryDelay: queryRetryDelay },
  },
});
