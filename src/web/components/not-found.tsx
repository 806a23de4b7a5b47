import { Link } from 'react-router';
import { NOT_FOUND_HEAD } from '../../shared/page-heads';
import { paths } from '../config/paths';
import { useDocumentHead } from '../lib/document-head';

/** What an unknown address shows: the router's catch-all, and a page whose thing does not exist (a tool's unknown address). */
export function NotFound() {
  useDocumentHead(NOT_FOUND_HEAD);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-base-content/80">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={paths.home} className="btn btn-primary">Back to home</Link>
        <Link to={paths.ourTools} className="btn btn-outline">Browse tools</Link>
      </div>
    </section>
  );
}
