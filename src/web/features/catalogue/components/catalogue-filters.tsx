import { useId, useState, type FormEvent } from 'react';
import { PRICE_FILTER_MAX } from '../../../../shared/catalogue-search';
import type { Category } from '../../../../shared/schemas/catalogue';
import { SelectField } from '../../../components/select-field';
import type { CatalogueSearch } from '../api/get-catalogue-page';
import { FILTERS_BOX } from './filter-layout';

type FilterChange = Pick<Partial<CatalogueSearch>, 'category' | 'inStock' | 'minPrice' | 'maxPrice'>;

interface CatalogueFiltersProps {
  search: CatalogueSearch;
  /** Every category with its count; undefined while they load. */
  categories: Category[] | undefined;
  onChange?: (change: FilterChange) => void;
  /** Drawn but not usable: the page's placeholder while its code loads. */
  disabled?: boolean;
}

const COUNT = new Intl.NumberFormat('en-US');
/** A subcategory is drawn under its parent, indented (an option can hold text only). */
const INDENT = '\u2003';

const priceText = (price: number | null | undefined) => (price == null ? '' : String(price));
function priceValue(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, PRICE_FILTER_MAX) : null;
}

/**
 * Our Tools' filters: a category (with how many tools each holds), tools in stock only, and a
 * price range. The category and the stock apply at once; the price range when it is sent (Enter
 * or Apply), so typing "150" does not list the tools under $1, then $15, on the way.
 */
export function CatalogueFilters({ search, categories, onChange, disabled = false }: CatalogueFiltersProps) {
  const minId = useId();
  const maxId = useId();
  const stockId = useId();
  const [min, setMin] = useState(priceText(search.minPrice));
  const [max, setMax] = useState(priceText(search.maxPrice));
  // Back, Forward or a link changed the range: the boxes show what the page lists.
  const [shown, setShown] = useState(`${search.minPrice}:${search.maxPrice}`);
  if (shown !== `${search.minPrice}:${search.maxPrice}`) {
    setShown(`${search.minPrice}:${search.maxPrice}`);
    setMin(priceText(search.minPrice));
    setMax(priceText(search.maxPrice));
  }

  const applyPrices = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let from = priceValue(min);
    let to = priceValue(max);
    if (from !== null && to !== null && from > to) [from, to] = [to, from];
    onChange?.({ minPrice: from, maxPrice: to });
  };
  const filtered = Boolean(search.category) || search.inStock === true || search.minPrice != null || search.maxPrice != null;
  const total = categories?.filter((category) => category.parentId === null).reduce((sum, category) => sum + category.toolCount, 0);

  return (
    <div className={FILTERS_BOX} data-testid="catalogue-filters">
      <SelectField
        label="Category"
        className="w-full lg:w-72"
        selectClassName="w-full"
        value={search.category ?? ''}
        disabled={disabled}
        onChange={(event) => onChange?.({ category: event.target.value || null })}
      >
        <option value="">{total === undefined ? 'All categories' : `All categories (${COUNT.format(total)})`}</option>
        {/* The address's category before the list has come, so the select shows it at once. */}
        {!categories && search.category ? <option value={search.category}>{search.category}</option> : null}
        {categories?.map((category) => (
          <option key={category._id} value={category.slug}>
            {`${category.parentId === null ? '' : INDENT}${category.name} (${COUNT.format(category.toolCount)})`}
          </option>
        ))}
      </SelectField>
      <label htmlFor={stockId} className="label h-10 cursor-pointer gap-2 text-base-content">
        <input
          id={stockId}
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={search.inStock === true}
          disabled={disabled}
          onChange={(event) => onChange?.({ inStock: event.target.checked })}
        />
        In stock only
      </label>
      <form onSubmit={applyPrices} className="flex h-16 items-end gap-2" aria-label="Price range">
        <div className="form-control w-28">
          <label htmlFor={minId} className="mb-1 block text-sm font-medium">
            Min price ($)
          </label>
          <input id={minId} type="number" inputMode="decimal" min={0} max={PRICE_FILTER_MAX} step="0.01" className="input w-full" value={min} disabled={disabled} onChange={(event) => setMin(event.target.value)} />
        </div>
        <div className="form-control w-28">
          <label htmlFor={maxId} className="mb-1 block text-sm font-medium">
            Max price ($)
          </label>
          <input id={maxId} type="number" inputMode="decimal" min={0} max={PRICE_FILTER_MAX} step="0.01" className="input w-full" value={max} disabled={disabled} onChange={(event) => setMax(event.target.value)} />
        </div>
        <button type="submit" className="btn btn-outline" disabled={disabled}>
          Apply
        </button>
      </form>
      {filtered ? (
        <button
          type="button"
          className="btn btn-ghost lg:ml-auto"
          disabled={disabled}
          onClick={() => onChange?.({ category: null, inStock: false, minPrice: null, maxPrice: null })}
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
