const STARS = [0, 1, 2, 3, 4] as const;
export const STAR_PATH =
  'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95L12 2.5z';

/** Five stars; the spec fills a star when the rating is above its index, so 3.5 shows four. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className="flex items-center gap-0.5">
      {STARS.map((i) => {
        const filled = rating > i;
        return (
          <svg
            key={i}
            aria-hidden="true"
            data-filled={filled ? 'true' : 'false'}
            viewBox="0 0 24 24"
            width="20"
            height="20"
            className={filled ? 'h-5 w-5 fill-current text-amber-700' : 'h-5 w-5 fill-none stroke-current text-amber-700'}
            strokeWidth={1.5}
            strokeLinejoin="round"
          >
            <path d={STAR_PATH} />
          </svg>
        );
      })}
    </div>
  );
}
