import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-route';
import { NotFoundPage } from './not-found-page';

const RELOAD_MARK = 'chunk-reload-at';

/**
 * A page's code that fails to load is most often a new deploy (the old chunk is gone): reload once,
 * at the page the person was going to, to pick up the new build. If that does not help within
 * 30 s, show a retry button instead of a white screen.
 */
const decisions = new WeakMap<ChunkLoadError, boolean>();

/** Decided once per error, so rendering twice (React's strict mode) gives the same answer. */
function shouldReloadOnce(error: ChunkLoadError): boolean {
  const known = decisions.get(error);
  if (known !== undefined) return known;
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  const reload = navigator.onLine && Date.now() - last > 30_000;
  if (reload) sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  decisions.set(error, reload);
  return reload;
}

export function RouteError() {
  const error = useRouteError();
  const isChunk = error instanceof ChunkLoadError;
  const reloading = isChunk && shouldReloadOnce(error);

  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading) return null;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-3xl font-bold">{isChunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p className="mt-4 text-base-content/80">
        {isChunk
          ? 'Your connection may have dropped, or the store was just updated. Please try again.'
          : 'An unexpected error happened while showing this page. Please try again.'}
      </p>
      <button type="button" className="btn btn-primary mt-8" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}
