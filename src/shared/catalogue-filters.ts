import { PRICE_FILTER_MAX, SLUG_MAX, SLUG_PATTERN } from './catalogue-search';

// Our Tools' filters. A module apart from catalogue-search.ts, which the first visit carries.

/** Our Tools' filters as an address gives them (`?category=&inStock=1&minPrice=&maxPrice=`). */
export interface CatalogueFilters {
  category: string | null;
  inStock: boolean;
  minPrice: number | null;
  maxPrice: number | null;
}

function priceFrom(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 && price <= PRICE_FILTER_MAX ? Math.round(price * 100) / 100 : null;
}

/**
 * The filters an address asks for, made safe to send, as catalogueSearchFrom does for the search:
 * a category that is no address, or a price that is no price, is left out rather than refused; a
 * range given the wrong way round is turned round.
 */
export function catalogueFiltersFrom(params: { get(name: string): string | null }): CatalogueFilters {
  const category = params.get('category');
  let minPrice = priceFrom(params.get('minPrice'));
  let maxPrice = priceFrom(params.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const inStock = params.get('inStock');
  return {
    category: category !== null && category.length <= SLUG_MAX && SLUG_PATTERN.test(category) ? category : null,
    inStock: inStock === '1' || inStock === 'true',
    minPrice,
    maxPrice,
  };
}
