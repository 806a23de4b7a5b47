/**
 * Catalogue search and sort (`GET /api/items?q=&sort=`): the values both sides agree on. No zod
 * here: the Our Tools page reads these without loading the schemas (decision 013's first-visit
 * budget); the API's zod schema (schemas/catalogue.ts) is built from the same values.
 */

/**
 * The orders the catalogue can be listed in. `catalogue`, the default, is the order the tools were
 * added in, oldest first: the order Home's first six and every list before search used.
 */
export const CATALOGUE_SORTS = ['catalogue', 'newest', 'price_asc', 'price_desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const DEFAULT_CATALOGUE_SORT: CatalogueSort = 'catalogue';

/** Longest search the API takes (characters, after trimming); the search box stops there too. */
export const SEARCH_QUERY_MAX = 100;

/** An address (a tool's or a category's): lower-case letters and digits, single hyphens between. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

/** The highest price a filter takes, in dollars (the highest a tool may have). */
export const PRICE_FILTER_MAX = 1_000_000;

export const isCatalogueSort = (value: unknown): value is CatalogueSort =>
  typeof value === 'string' && (CATALOGUE_SORTS as readonly string[]).includes(value);

/**
 * The search and sort an address asks for (`/ourTools?q=&sort=`), made safe to send: a hand-edited
 * address with an unknown sort or an overlong search shows the default order or the search cut to
 * the limit, rather than an error page. The API itself refuses such values with a 400.
 */
export function catalogueSearchFrom(q: string | null, sort: string | null): { q: string; sort: CatalogueSort } {
  return {
    q: (q ?? '').trim().slice(0, SEARCH_QUERY_MAX).trim(),
    sort: isCatalogueSort(sort) ? sort : DEFAULT_CATALOGUE_SORT,
  };
}
