import { useDeferredValue, useEffect, useRef } from 'react';
import { SEARCH_COUNT_MAX } from '../../../shared/constants';
import { categoryHead, OUR_TOOLS_HEAD } from '../../../shared/page-heads';
import type { Category } from '../../../shared/schemas/catalogue';
import { isApiError } from '../../lib/api-client';
import { useDocumentHead } from '../../lib/document-head';
import { useCategories } from './api/get-categories';
import { CatalogueFilters } from './components/catalogue-filters';
import { Loading } from '../../components/loading';
import { ToolCard } from '../../components/tool-card';
import { useCatalogue } from './api/get-catalogue-page';
import { CatalogueSearchForm } from './components/catalogue-search-form';
import { NoMatches } from './components/no-matches';
import { OurToolsFrame, ToolGrid, ToolGridSkeleton } from './components/our-tools-frame';
import { useCatalogueSearch } from './use-catalogue-search';
import { AddToCartButton } from '../../components/add-to-cart-button';

const PAGE_SIZE = 24;
/** Cards in the first row on the widest layout: their images are loaded first and at once. */
const FIRST_ROW = 3;

export default function OurToolsPage() {
  const [search, changeSearch] = useCatalogueSearch();
  const categories = useCategories();
  const category = categories.data?.find((c) => c.slug === search.category) ?? null;
  useDocumentHead(category ? categoryHead(category.name, category.toolCount) : OUR_TOOLS_HEAD);
  // A page of cards arriving is drawn as a transition (useDeferredValue), in slices the browser may
  // interrupt: a query's answer is otherwise drawn in one task, and 24 cards at once were the page's
  // longest task on a phone (its blocking time). Until the slices are done the cards before stay.
  const { data, error, isPending, isPlaceholderData, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useDeferredValue(
    useCatalogue(PAGE_SIZE, search),
  );
  const sentinel = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  // The next page of what is on screen: never of the list a new search is replacing.
  const canLoadMore = hasNextPage && !isPlaceholderData;

  // Load the next page when the visitor scrolls near the end of the grid.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoadMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoadMore, isFetchingNextPage, fetchNextPage]);

  const tools = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  // What the list shows is the answer to the search in the address (not the one it replaces).
  const settled = !isPending && !isPlaceholderData;
  // A shared link to a category deleted since (a renamed one's old address still works).
  const categoryGone = isApiError(error, 'CATEGORY_NOT_FOUND') && Boolean(search.category);
  const filtered = Boolean(search.category) || search.inStock === true || search.minPrice != null || search.maxPrice != null;
  const clearSearch = () => {
    changeSearch({ q: '' });
    searchBox.current?.focus();
  };

  return (
    <OurToolsFrame
      title={category?.name}
      count={settled && total > 0 ? countText(total, search.q, category) : null}
      toolbar={
        <>
          <CatalogueSearchForm
            search={search}
            onSearch={(q) => changeSearch({ q })}
            onSort={(sort) => changeSearch({ sort })}
            inputRef={searchBox}
          />
          <CatalogueFilters search={search} categories={categories.data} onChange={changeSearch} />
        </>
      }
    >
      {isError && categoryGone ? (
        <div role="alert" className="alert alert-warning mt-8">
          <span>This category is no longer in the catalogue.</span>
          <button type="button" className="btn btn-sm" onClick={() => changeSearch({ category: null })}>Show every tool</button>
        </div>
      ) : null}
      {isError && !categoryGone ? (
        <div role="alert" className="alert alert-error mt-8">
          <span>The tools could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>Try again</button>
        </div>
      ) : null}
      {settled && tools.length === 0 && search.q !== '' ? <NoMatches q={search.q} onClear={clearSearch} /> : null}
      {settled && tools.length === 0 && search.q === '' && !isError && filtered ? (
        <p role="status" className="mt-8 rounded-box border border-base-300 p-8 text-center">
          No tools match these filters.
        </p>
      ) : null}
      {isPending ? (
        <ToolGridSkeleton />
      ) : (
        <ToolGrid busy={isPlaceholderData} faded={isPlaceholderData}>
          {tools.map((tool, index) => (
            <ToolCard
              key={tool._id}
              tool={tool}
              headingLevel={2}
              priority={index < FIRST_ROW}
              secondaryAction={(headingId) => <AddToCartButton tool={tool} describedBy={headingId} />}
            />
          ))}
        </ToolGrid>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage ? <Loading label="Loading more tools" /> : null}
      {canLoadMore && !isFetchingNextPage ? (
        <div className="mt-8 text-center">
          <button type="button" className="btn btn-outline" onClick={() => void fetchNextPage()}>
            Load more tools
          </button>
        </div>
      ) : null}
    </OurToolsFrame>
  );
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** A search's count stops at SEARCH_COUNT_MAX (the server counts no further): "10,000+". */
function countText(total: number, q: string, category: Category | null): string {
  const shown = q !== '' && total >= SEARCH_COUNT_MAX ? `${COUNT_FORMAT.format(SEARCH_COUNT_MAX)}+` : COUNT_FORMAT.format(total);
  const tools = total === 1 ? '1 tool' : `${shown} tools`;
  if (q !== '') return `${tools} ${total === 1 ? 'matches' : 'match'} “${q}”.`;
  return category ? `${tools} in ${category.name}.` : `${tools} in the catalogue.`;
}
