import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToasterHost } from '../../../src/web/app/toaster-host';
import { queryClient } from '../../../src/web/lib/query-client';

/** Where a navigation away from the page under test ended: shown, so tests read it as a person would. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/**
 * Renders `element` as the page at `path`, inside what the app gives every page: its query client,
 * a router (in memory) and the toasts. Navigating elsewhere shows that path in `elsewhere`.
 */
export function renderPage(element: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToasterHost />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
