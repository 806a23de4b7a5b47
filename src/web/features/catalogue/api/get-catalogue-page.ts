import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../shared';
import { DEFAULT_CATALOGUE_SORT, type CatalogueSort } from '../../../../shared/catalogue-search';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../../../../shared/constants';
import { apiRequest } from '../../../lib/api-client';
import { itemsQueryKey } from './get-items';

// Our Tools' pages (and a tool page's related tools): a module apart from Home's first tools
// (get-items.ts), so the first visit does not carry the search's and filters' code.

/**
 * What Our Tools lists: a search (words, or '' for everything) in one of the catalogue's orders,
 * narrowed by a category (its slug), tools in stock, and a price range in dollars.
 */
export interface CatalogueSearch {
  q: string;
  sort: CatalogueSort;
  category?: string | null;
  inStock?: boolean;
  minPrice?: number | null;
  maxPrice?: number | null;
}

export interface CursorPage {
  items: Tool[];
  total: number;
  /** Where the next page starts (the API's x-next-cursor), or null on the last page. */
  next: string | null;
}

/**
 * GET /items?limit=&q=&sort=&after=: a page of a search, or of the whole catalogue, in the chosen
 * order. Pages after the first start where the one before ended (`after`), so they stay as quick
 * deep into 100,000 tools as at the top, and never repeat or skip a tool when the list changes
 * meanwhile (decision 016). The defaults stay out of the address, so the first page of the
 * catalogue is the very request Home's neighbours make and the server keeps.
 */
export async function getCataloguePage(limit: number, search: CatalogueSearch, after: string | null, signal?: AbortSignal): Promise<CursorPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (search.q !== '') params.set('q', search.q);
  if (search.sort !== DEFAULT_CATALOGUE_SORT) params.set('sort', search.sort);
  if (search.category) params.set('category', search.category);
  if (search.inStock) params.set('inStock', 'true');
  if (search.minPrice != null) params.set('minPrice', String(search.minPrice));
  if (search.maxPrice != null) params.set('maxPrice', String(search.maxPrice));
  if (after) params.set('after', after);
  const { data, headers } = await apiRequest<Tool[]>(`/items?${params.toString()}`, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length), next: headers.get(NEXT_CURSOR_HEADER) };
}

/** A search or the whole catalogue, a page at a time, for infinite scrolling. */
export const catalogueQueryOptions = (pageSize: number, search: CatalogueSearch) =>
  infiniteQueryOptions({
    queryKey: [
      ...itemsQueryKey,
      'all',
      pageSize,
      search.sort,
      search.q,
      search.category ?? null,
      search.inStock ?? false,
      search.minPrice ?? null,
      search.maxPrice ?? null,
    ],
    queryFn: ({ pageParam, signal }) => getCataloguePage(pageSize, search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** While a new search or order loads, the list it replaces stays on screen (marked busy), not a blank grid. */
export function useCatalogue(pageSize: number, search: CatalogueSearch) {
  return useInfiniteQuery({ ...catalogueQueryOptions(pageSize, search), placeholderData: keepPreviousData });
}
