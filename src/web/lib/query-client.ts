import { QueryClient } from '@tanstack/react-query';

/** One client for the app, so signing out can drop every cached answer. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});
