import { createBrowserRouter, matchRoutes } from 'react-router';
import { appRoutes } from './routes';

/** The browser's router over the app's routes (app/routes.tsx). */
export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * Loads the code of the pages the current address shows, before the router starts: a page the
 * server rendered must be drawn at once, as it was, when the app hydrates it, not replaced by a
 * loading placeholder while its code arrives (the hydration would fail and the page would flash).
 * React Router's guide to server rendering with lazy routes does the same.
 */
export async function loadCurrentPages(): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
