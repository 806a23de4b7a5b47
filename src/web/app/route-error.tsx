import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-route';
import { NotFoundPage } from './not-found-page';

/** Shown in place of a page that failed: a lost chunk offers a retry instead of a white screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const isChunk = error instanceof ChunkLoadError;
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
