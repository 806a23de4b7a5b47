import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { ToasterHost } from './toaster-host';

/**
 * What every page sits in: the query client and the toasts. The browser's app and the server's
 * renderer of tool pages (ssr/render-tool-page.tsx) both draw it around their router, so the
 * markup the server sends is the markup the browser hydrates.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
