import { Loading } from '../components/loading';

/**
 * In place of a page whose code is still loading on the first visit. It is a screen tall, so the
 * footer starts below the fold and does not jump down when the page arrives (no layout shift).
 */
export function PageLoading() {
  return (
    <div className="min-h-screen">
      <Loading label="Loading page" />
    </div>
  );
}
