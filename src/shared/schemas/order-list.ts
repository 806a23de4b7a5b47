import { z } from 'zod';
import { ORDER_STATUSES } from '../order-statuses';
import { pageQuery } from './catalogue';
import { emailField, NO_CONTROL_CHARACTERS } from './fields';

/** The admin's order list filter: the order lifecycle as an admin thinks of it, unpaid (no status yet) then each status. */
export const ORDER_STATES = ['unpaid', ...ORDER_STATUSES] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/**
 * The state as the back office names it: Manage Orders' Show filter, the Overview's counts and the
 * orders' CSV export (issue 28: the export said "pending" where the app says it is paid and waiting).
 */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  unpaid: 'Unpaid',
  pending: 'Paid — waiting to ship',
  shipped: 'Shipped',
  expired: 'Expired',
  refunded: 'Refunded',
};
/** The columns Manage Orders sorts by: when placed, order number, total, buyer's name, state, when paid. */
export const ADMIN_ORDER_SORTS = ['placed', 'number', 'total', 'buyer', 'status', 'paid'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/**
 * The way each column sorts when first chosen (and without `dir`): newest, largest and latest paid
 * first; buyers A to Z; states in the filter's order (unpaid, pending, shipped, expired, refunded).
 */
export const ADMIN_ORDER_SORT_FIRST_DIR: Record<AdminOrderSort, SortDirection> = {
  placed: 'desc',
  number: 'desc',
  total: 'desc',
  buyer: 'asc',
  status: 'asc',
  paid: 'desc',
};
export const ADMIN_ORDER_SEARCH_MAX = 100;
/**
 * Which orders and in what order: the list and its CSV export take the same. `q` is an order
 * number ('TH-100042' or '100042'), or else a part of the buyer's name or email or of a tool's
 * name on the order (any case). `email` is the older exact-buyer filter, still accepted.
 */
export const adminOrdersFilterSchema = z.object({
  state: z.enum(ORDER_STATES, { error: `state must be one of ${ORDER_STATES.join(', ')}` }).optional(),
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(ADMIN_ORDER_SEARCH_MAX, { error: `q must be at most ${ADMIN_ORDER_SEARCH_MAX} characters` })
    .regex(NO_CONTROL_CHARACTERS, { error: 'q must not contain control characters' })
    .optional(),
  email: emailField.optional(),
  sort: z.enum(ADMIN_ORDER_SORTS, { error: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}` }).default('placed'),
  dir: z.enum(SORT_DIRECTIONS, { error: "dir must be 'asc' or 'desc'" }).optional(),
});
export type AdminOrdersFilter = z.output<typeof adminOrdersFilterSchema>;
export const adminOrdersQuerySchema = pageQuery(20, 100).extend(adminOrdersFilterSchema.shape);
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;
