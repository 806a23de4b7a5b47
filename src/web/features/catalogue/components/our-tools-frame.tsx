import type { ReactNode } from 'react';
import { ToolCardSkeleton } from '../../../components/tool-card';
import { catalogueSearchFrom } from '../../../../shared/catalogue-search';
import { CatalogueSearchForm } from './catalogue-search-form';
import { FILTERS_BOX, FILTER_BLOCKS } from './filter-layout';

/** Two rows of the widest grid: more than a phone's first screen. */
const SKELETON_CARDS = 6;

interface OurToolsFrameProps {
  /** The heading: the category's name when the list is one category's, else "Our Tools". */
  title?: string;
  /** What follows 'Every tool ships free.': the count, once it is known. */
  count: string | null;
  /** The search box and sort order, and the filters. */
  toolbar: ReactNode;
  children: ReactNode;
}

/**
 * The Our Tools page around its grid: heading, intro and search bar. The page and its loading
 * placeholder (OurToolsLoading, shown while the page's own code downloads) both draw it, so
 * nothing moves when one replaces the other.
 */
export function OurToolsFrame({ title = 'Our Tools', count, toolbar, children }: OurToolsFrameProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="our-tools-title">
      <h1 id="our-tools-title" className="text-4xl font-bold">{title}</h1>
      {/* Two lines reserved on phones, where the count arriving would otherwise wrap and push the cards down. */}
      <p className="mt-2 min-h-[2lh] text-base-content/80 sm:min-h-0" aria-live="polite">
        Every tool ships free. {count}
      </p>
      {toolbar}
      {children}
    </section>
  );
}

/** The grid of tool cards: one to three columns; faded while a new search replaces it. */
export function ToolGrid({ busy, faded = false, children }: { busy: boolean; faded?: boolean; children: ReactNode }) {
  return (
    <div
      className={`mt-8 grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3 ${faded ? 'opacity-60' : ''}`}
      aria-busy={busy}
    >
      {children}
    </div>
  );
}

/** Grey cards of the final size, and the loading status for screen readers (the cards are hidden from them). */
export function ToolGridSkeleton() {
  return (
    <ToolGrid busy>
      <p role="status" className="sr-only">Loading tools</p>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <ToolCardSkeleton key={i} />
      ))}
    </ToolGrid>
  );
}

/**
 * Our Tools before its code has arrived (a first visit straight to /ourTools): the page as it
 * will look while the tools load, instead of a lone spinner that the page then pushes away.
 * Small, and in the first-visit bundle, since the router shows it.
 */
export function OurToolsLoading() {
  const params = new URLSearchParams(window.location.search);
  const search = catalogueSearchFrom(params.get('q'), params.get('sort'));
  const filtered = ['category', 'inStock', 'minPrice', 'maxPrice'].some((name) => params.has(name));
  return (
    <OurToolsFrame
      count={null}
      toolbar={
        <>
          <CatalogueSearchForm search={search} disabled />
          <FiltersPlaceholder filtered={filtered} />
        </>
      }
    >
      <ToolGridSkeleton />
    </OurToolsFrame>
  );
}

/**
 * The filters' box while the page's code loads: grey blocks of the controls' own sizes
 * (filter-layout.ts), so nothing moves when the filters replace it, without the filters' code in
 * the first visit.
 */
function FiltersPlaceholder({ filtered }: { filtered: boolean }) {
  return (
    <div className={FILTERS_BOX} aria-hidden="true">
      <div className={`skeleton ${FILTER_BLOCKS.category}`} />
      <div className={`skeleton ${FILTER_BLOCKS.inStock}`} />
      <div className={`skeleton ${FILTER_BLOCKS.price}`} />
      {filtered ? <div className={`skeleton ${FILTER_BLOCKS.clear}`} /> : null}
    </div>
  );
}
