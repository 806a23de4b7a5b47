import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { catalogueFiltersFrom } from '../../../shared/catalogue-filters';
import { catalogueSearchFrom, DEFAULT_CATALOGUE_SORT } from '../../../shared/catalogue-search';
import type { CatalogueSearch } from './api/get-catalogue-page';

/**
 * Our Tools' search, order and filters, kept in the address
 * (`/ourTools?q=multimeter&sort=price_asc&category=soldering&inStock=1&minPrice=10&maxPrice=100`) so
 * a result can be shared, survives a reload, and Back returns to the search before. Each change is
 * a history entry; the defaults (no search, catalogue order, no filter) leave the address bare.
 *
 * React Router hands a search-params updater the address of the last render, so a second change
 * made before the first has rendered (a search, then at once a new order, on a busy phone) would
 * drop the first. Each change therefore builds on the newest search this page asked for.
 */
export function useCatalogueSearch(): [CatalogueSearch, (change: Partial<CatalogueSearch>) => void] {
  const [params, setParams] = useSearchParams();
  const search: CatalogueSearch = { ...catalogueSearchFrom(params.get('q'), params.get('sort')), ...catalogueFiltersFrom(params) };
  /** Searches asked for that the address does not show yet, oldest first. */
  const pending = useRef<string[]>([]);
  const shown = params.toString();
  useEffect(() => {
    const at = pending.current.indexOf(shown);
    // One we asked for: the later ones are still on their way. None of them: Back, Forward or a
    // link moved the address, and what was asked before no longer applies.
    pending.current = at === -1 ? [] : pending.current.slice(at + 1);
  }, [shown]);
  const change = useCallback(
    (next: Partial<CatalogueSearch>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(pending.current.at(-1) ?? current);
          if (next.q !== undefined) {
            if (next.q === '') updated.delete('q');
            else updated.set('q', next.q);
          }
          if (next.sort !== undefined) {
            if (next.sort === DEFAULT_CATALOGUE_SORT) updated.delete('sort');
            else updated.set('sort', next.sort);
          }
          if (next.category !== undefined) setOrDelete(updated, 'category', next.category);
          if (next.inStock !== undefined) setOrDelete(updated, 'inStock', next.inStock ? '1' : null);
          if (next.minPrice !== undefined) setOrDelete(updated, 'minPrice', next.minPrice === null ? null : String(next.minPrice));
          if (next.maxPrice !== undefined) setOrDelete(updated, 'maxPrice', next.maxPrice === null ? null : String(next.maxPrice));
          pending.current.push(updated.toString());
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [search, change];
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null): void {
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
}
