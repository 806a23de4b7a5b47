import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LowStockMarks } from '../../../../../shared/schemas/products';
import { authedGet } from '../../../../lib/authed-request';
import { itemsQueryKey } from '../../api/get-items';

/**
 * GET /items/low-stock-marks?ids= (admin): the low-stock mark in force for each tool on a page of
 * Manage Tools. Under the catalogue's key, so a tool's edit (a new stock or mark) refreshes it with
 * the table; never kept stale, so a change of the store's mark in Settings shows on the next visit.
 */
export const lowStockMarksQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'low-stock-marks', ids],
    queryFn: ({ signal }) => authedGet<LowStockMarks>(`/items/low-stock-marks?ids=${ids.map(encodeURIComponent).join(',')}`, signal),
    staleTime: 0,
  });

/** Each tool's mark by id; empty while loading (no tool is marked rather than a wrong one). */
export function useLowStockMarks(ids: readonly string[]): ReadonlyMap<string, number> {
  const marks = useQuery({ ...lowStockMarksQueryOptions(ids), enabled: ids.length > 0, placeholderData: keepPreviousData });
  return new Map((marks.data ?? []).map((mark) => [mark._id, mark.threshold]));
}
