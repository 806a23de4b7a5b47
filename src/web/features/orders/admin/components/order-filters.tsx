import { SelectField } from '../../../../components/select-field';
import {
  ADMIN_ORDER_SEARCH_MAX,
  ADMIN_ORDER_SORT_FIRST_DIR,
  ADMIN_ORDER_SORTS,
  ORDER_STATES,
  SORT_DIRECTIONS,
  type AdminOrderSort,
  type OrderState,
  type SortDirection,
} from '../../../../../shared/schemas/order-list';
import { ORDER_STATE_LABELS } from '../../../../lib/order-state-labels';
import { ListSearchForm } from '../../../../components/list-search-form';

/** Each column's orders as the Sort by list names them, its first direction first. */
export const ORDER_SORT_LABELS: Record<AdminOrderSort, Record<SortDirection, string>> = {
  placed: { desc: 'Newest first', asc: 'Oldest first' },
  number: { desc: 'Order number: high to low', asc: 'Order number: low to high' },
  total: { desc: 'Total: high to low', asc: 'Total: low to high' },
  buyer: { asc: 'Buyer: A to Z', desc: 'Buyer: Z to A' },
  status: { asc: 'Status: unpaid first', desc: 'Status: refunded first' },
  paid: { desc: 'Payment: latest first', asc: 'Payment: unpaid, then earliest' },
};

export const isOrderState = (value: string): value is OrderState => (ORDER_STATES as readonly string[]).includes(value);
export const isOrderSort = (value: string): value is AdminOrderSort => (ADMIN_ORDER_SORTS as readonly string[]).includes(value);
export const isSortDirection = (value: string): value is SortDirection => (SORT_DIRECTIONS as readonly string[]).includes(value);

export interface OrderListView {
  state: OrderState | undefined;
  q: string;
  sort: AdminOrderSort;
  dir: SortDirection;
}

interface OrderFiltersProps {
  view: OrderListView;
  onStateChange: (state: OrderState | undefined) => void;
  onSearch: (q: string) => void;
  onSortChange: (sort: AdminOrderSort, dir: SortDirection) => void;
}

const sortOptions = ADMIN_ORDER_SORTS.flatMap((sort) => {
  const first = ADMIN_ORDER_SORT_FIRST_DIR[sort];
  return [first, first === 'asc' ? 'desc' : 'asc'].map((dir) => ({ value: `${sort}:${dir}`, label: ORDER_SORT_LABELS[sort][dir as SortDirection] }));
});

/**
 * Manage Orders' filters: one search box (an order number, or a part of a buyer's name or email or
 * of a tool's name: the API decides which), the state, and the order. The order is also chosen
 * from the column headings; this list is what a phone shows, where the rows are cards.
 */
export function OrderFilters({ view, onStateChange, onSearch, onSortChange }: OrderFiltersProps) {
  return (
    <div className="mt-6 flex flex-wrap items-start gap-4">
      <ListSearchForm
        name="Orders"
        label="Search orders"
        hint="Order number (TH-100042), part of a buyer's name or email, or a tool's name"
        value={view.q}
        maxLength={ADMIN_ORDER_SEARCH_MAX}
        onSearch={onSearch}
        className="w-full xl:w-auto xl:flex-1"
      />
      <SelectField
        label="Show"
        className="w-full sm:w-auto"
        selectClassName="w-full sm:w-60"
        value={view.state ?? ''}
        onChange={(event) => onStateChange(isOrderState(event.target.value) ? event.target.value : undefined)}
      >
        <option value="">All</option>
        {ORDER_STATES.map((value) => (
          <option key={value} value={value}>
            {ORDER_STATE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sort by"
        className="w-full sm:w-auto"
        selectClassName="w-full sm:w-64"
        value={`${view.sort}:${view.dir}`}
        onChange={(event) => {
          const [sort = '', dir = ''] = event.target.value.split(':');
          if (isOrderSort(sort) && isSortDirection(dir)) onSortChange(sort, dir);
        }}
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
