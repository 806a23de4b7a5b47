export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the list the pager moves through when a page holds more than one (default "Pagination"). */
  label?: string;
}

/**
 * Previous / Next with "Page X of Y". The buttons at either end are marked aria-disabled instead of
 * disabled so that the focus stays on them when the reader arrives at the first or last page
 * (daisyUI greys out `[aria-disabled=true]` buttons like disabled ones).
 */
export function Pager({ page, pageSize, total, onPageChange, label = 'Pagination' }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const current = Math.min(Math.max(page, 1), pages);
  const hasPrevious = current > 1;
  const hasNext = current < pages;

  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-disabled={!hasPrevious}
        onClick={() => {
          if (hasPrevious) onPageChange(current - 1);
        }}
      >
        Previous
      </button>
      <p className="text-sm" aria-live="polite">
        Page {current} of {pages}
      </p>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-disabled={!hasNext}
        onClick={() => {
          if (hasNext) onPageChange(current + 1);
        }}
      >
        Next
      </button>
    </nav>
  );
}
