import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ToolPageData, ToolPageRenderer } from '../../shared/server-rendering';
import { AppProviders } from '../app/app';
import { appRoutes } from '../app/routes';
import { seedToolPage } from '../features/catalogue/api/get-tool-page';

/**
 * The server's renderer of tool pages (decision 040), built by Vite into dist/ssr and loaded by
 * the server at start. It draws the whole app for the page's address, from the same routes and
 * components as the browser, with the page's data already in a query client of its own: what the
 * browser draws on its first render with the same data (app/server-rendered.ts), so React
 * hydrates the markup instead of replacing it.
 */
async function renderToolPage(path: string, data: ToolPageData): Promise<string> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedToolPage(client, data);
  const handler = createStaticHandler(appRoutes);
  // The origin is never read: the routes have no loaders, only the path is matched.
  const context = await handler.query(new Request(new URL(path, 'http://store.invalid')));
  if (context instanceof Response) throw new Error(`the routes answered ${path} with a response of their own`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders client={client}>
        {/* No inline hydration script: the store's CSP allows none, and the routes have no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  client.clear();
  return html;
}

export const renderer: ToolPageRenderer = { renderToolPage };
