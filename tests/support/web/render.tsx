import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ToasterHost } from '../../../src/web/app/toaster-host';
import { queryClient } from '../../../src/web/lib/query-client';

/** Where a navigation away from the page under test ended: shown, so tests read it as a person would. */
function Elsewhere() {
  const location = useLocation();
  return (
    <>
      <p data-testid="elsewhere">{location.pathname}</p>
      <p data-testid="elsewhere-search">{location.search}</p>
    </>
  );
}

/** Where the page is opened: an address, and the navigation state a link or a guard gave it. */
export interface Arrival {
  /** The address opened (with its ?query); the route's own path when not given. */
  at?: string;
  state?: unknown;
}

/**
 * Renders `element` as the page at `path`, inside what the app gives every page: its query client,
 * a router (in memory) and the toasts. Navigating elsewhere shows that path in `elsewhere` (and
 * its query in `elsewhere-search`). `path` may be a route pattern (`/dashboard/orders/:id`) when
 * `at` says which address is opened.
 */
export function renderPage(element: ReactElement, { path = '/', at, state }: { path?: string } & Arrival = {}) {
  return renderRoutes([{ path, element }], { at: at ?? path, state });
}

/**
 * Renders a route tree (guards and the pages under them, as the app's router nests them) opened
 * at `at`, with the app's query client and toasts; any address the tree has no route for shows
 * `elsewhere`, as renderPage does.
 */
export function renderRoutes(routes: RouteObject[], { at = '/', state }: Arrival = {}) {
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], { initialEntries: [{ ...parsePath(at), state }] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToasterHost />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
