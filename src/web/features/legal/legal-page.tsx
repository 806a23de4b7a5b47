import { useLocation } from 'react-router';
import { isLegalPage, LEGAL_PAGE_NAMES, type LegalPage } from '../../../shared/legal-pages';
import { IMPRINT_HEAD, PRIVACY_HEAD, RETURNS_HEAD, TERMS_HEAD, type PageHead } from '../../../shared/page-heads';
import MarkdownText from '../../components/markdown-text';
import { Loading } from '../../components/loading';
import { useDocumentHead } from '../../lib/document-head';
import { useLegalText } from './api/get-legal-text';

const HEADS: Record<LegalPage, PageHead> = { terms: TERMS_HEAD, privacy: PRIVACY_HEAD, returns: RETURNS_HEAD, imprint: IMPRINT_HEAD };

/** The page an address names (`/terms`, `/Privacy/`: React Router matches any case and a trailing slash). */
function pageOf(pathname: string): LegalPage {
  const name = pathname.replace(/\/+$/, '').slice(1).toLowerCase();
  return isLegalPage(name) ? name : 'terms';
}

/**
 * A legal page (terms, privacy, returns, legal notice): the owner's Markdown from Settings, drawn
 * without any HTML it holds (components/markdown-text.tsx). This page and Settings are the only
 * ones that load the Markdown renderer.
 */
export default function LegalTextPage() {
  const page = pageOf(useLocation().pathname);
  useDocumentHead(HEADS[page]);
  const legal = useLegalText(page);
  const name = LEGAL_PAGE_NAMES[page];

  return (
    <article aria-label={name} className="mx-auto max-w-3xl px-4 py-12" data-testid="legal-page">
      <h1 className="mb-6 text-4xl font-extrabold tracking-tight">{name}</h1>
      {legal.data && legal.data.text.trim() === '' ? <p>This page has no text yet.</p> : null}
      {legal.data && legal.data.text.trim() !== '' ? (
        <>
          <MarkdownText text={legal.data.text} />
          {legal.data.updatedAt ? (
            <p className="mt-10 text-sm text-base-content/70" data-testid="legal-version">
              Version {legal.data.version}, last changed {new Date(legal.data.updatedAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}.
            </p>
          ) : null}
        </>
      ) : null}
      {legal.isPending ? <Loading label={`Loading the ${name}`} /> : null}
      {legal.isError ? (
        <p role="alert" className="alert alert-error">The {name} could not be loaded. Please try again later.</p>
      ) : null}
    </article>
  );
}
