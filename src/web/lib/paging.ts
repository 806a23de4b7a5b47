import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { TOTAL_COUNT_HEADER } from '../../shared/constants';
import { authedRequest } from './authed-request';

/** One page of a list and how many rows the whole list has. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** How many pages `total` rows fill; an empty list still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A protected GET of page `page` (1-based) of a list the API pages with `?limit=&offset=`; the
 * total comes from the x-total-count header.
 */
export async function fetchAuthedPage<T>(path: string, page: number, pageSize: number, signal?: AbortSignal): Promise<ListPage<T>> {
  const separator = path.includes('?') ? '&' : '?';
  const offset = (page - 1) * pageSize;
  const { data, headers } = await authedRequest<T[]>(`${path}${separator}limit=${pageSize}&offset=${offset}`, { signal });
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = header === null ? Number.NaN : Number(header);
  return { items: data, total: Number.isFinite(total) ? total : offset + data.length };
}

export type SetPage = (page: number, options?: { replace?: boolean }) => void;

/**
 * The current page of a list, kept in the address (`?page=2`) so that reload, links and the
 * back button keep the reader's place. Anything that is not a whole number from 1 up is page 1.
 */
export function usePageParam(name = 'page'): [number, SetPage] {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get(name));
  const page = Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : 1;
  const setPage: SetPage = (next, options) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete(name);
        else updated.set(name, String(next));
        return updated;
      },
      { preventScrollReset: true, replace: options?.replace ?? false },
    );
  return [page, setPage];
}

/**
 * Moves back to the last page when the current one no longer exists: after the last row of the
 * last page was deleted, or for a hand-typed `?page=99`.
 */
export function useKeepPageInRange(page: number, total: number | undefined, pageSize: number, setPage: SetPage) {
  const last = total === undefined ? page : pageCount(total, pageSize);
  useEffect(() => {
    if (page > last) setPage(last, { replace: true });
  }, [page, last, setPage]);
}
