import { useId, useState, type FormEvent, type Ref } from 'react';
import { CATALOGUE_SORTS, isCatalogueSort, SEARCH_QUERY_MAX, type CatalogueSort } from '../../../../shared/catalogue-search';
import { SelectField } from '../../../components/select-field';
import type { CatalogueSearch } from '../api/get-catalogue-page';

export const SORT_LABELS: Record<CatalogueSort, string> = {
  catalogue: 'Catalogue order',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
};

interface CatalogueSearchFormProps {
  /** The search and order the page shows (from the address). */
  search: CatalogueSearch;
  onSearch?: (q: string) => void;
  onSort?: (sort: CatalogueSort) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Drawn but not usable: the page's placeholder while its code loads. */
  disabled?: boolean;
}

/**
 * Our Tools' search box and sort order. A search is sent with Enter or the button (one history
 * entry per search, so Back returns to the one before); a new order applies at once. The limits
 * are the API's own (shared/catalogue-search.ts): the box takes at most as many characters as the
 * API does, and the order offers only the orders it knows.
 */
export function CatalogueSearchForm({ search, onSearch, onSort, inputRef, disabled = false }: CatalogueSearchFormProps) {
  const searchId = useId();
  const [draft, setDraft] = useState(search.q);
  // Back, Forward or a link changed the search: the box shows what the page lists.
  const [shown, setShown] = useState(search.q);
  if (shown !== search.q) {
    setShown(search.q);
    setDraft(search.q);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch?.(draft.trim());
  };

  return (
    <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end">
      <form role="search" aria-label="Tools" onSubmit={submit} className="form-control w-full min-w-0 sm:flex-1">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
          Search tools
        </label>
        <div className="flex gap-2">
          <input
            id={searchId}
            ref={inputRef}
            type="search"
            name="q"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_QUERY_MAX}
            placeholder="Multimeter, drill, torque wrench…"
            className="input min-w-0 flex-1"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            disabled={disabled}
          />
          <button type="submit" className="btn btn-primary" disabled={disabled}>
            Search
          </button>
        </div>
      </form>
      <SelectField
        label="Sort by"
        className="w-full sm:w-56"
        selectClassName="w-full"
        value={search.sort}
        disabled={disabled}
        onChange={(event) => {
          if (isCatalogueSort(event.target.value)) onSort?.(event.target.value);
        }}
      >
        {CATALOGUE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
