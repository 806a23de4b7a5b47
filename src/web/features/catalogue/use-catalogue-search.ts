import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { catalogueSearchFrom, DEFAULT_CATALOGUE_SORT } from '../../../shared/catalogue-search';
import type { CatalogueSearch } from './api/get-items';

/**
 * Our Tools' search and order, kept in the address (`/ourTools?q=multimeter&sort=price_asc`) so a
 * result can be shared, survives a reload, and Back returns to the search before. Each change is
 * a history entry; the defaults (no search, catalogue order) leave the address bare.
 */
export function useCatalogueSearch(): [CatalogueSearch, (change: Partial<CatalogueSearch>) => void] {
  const [params, setParams] = useSearchParams();
  const search = catalogueSearchFrom(params.get('q'), params.get('sort'));
  const change = useCallback(
    (next: Partial<CatalogueSearch>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.q !== undefined) {
            if (next.q === '') updated.delete('q');
            else updated.set('q', next.q);
          }
          if (next.sort !== undefined) {
            if (next.sort === DEFAULT_CATALOGUE_SORT) updated.delete('sort');
            else updated.set('sort', next.sort);
          }
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [search, change];
}
