import { useState, useSyncExternalStore } from 'react';
import type { Review } from '../../../../shared';
import { Loading } from '../../../components/loading';
import { StarRating } from '../../../components/star-rating';
import { useLatestReviews } from '../../reviews/api/get-reviews';

export function ReviewsSection() {
  const { data, isPending } = useLatestReviews();
  const reviews = data ?? [];

  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-16">
      <div className="mb-10 text-center">
        <h2 id="reviews-heading" className="text-3xl font-bold sm:text-4xl">
          What Our Customers Say
        </h2>
      </div>
      {isPending ? (
        <Loading label="Loading reviews" />
      ) : reviews.length === 0 ? (
        <p className="text-center text-base-content/80">No reviews yet</p>
      ) : (
        <ReviewCarousel reviews={reviews} />
      )}
    </section>
  );
}

function ReviewCarousel({ reviews }: { reviews: Review[] }) {
  const [start, setStart] = useState(0);
  const fit = useVisibleCount();
  const count = Math.min(fit, reviews.length);
  const total = reviews.length;
  // Reviews can shrink after a refetch, so the stored position is wrapped on every render.
  const first = start % total;
  const visible = Array.from({ length: count }, (_, k) => (first + k) % total);
  const canMove = total > count;

  const move = (step: number) => setStart((first + step + total) % total);

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Customer reviews" className="flex items-center gap-2 sm:gap-4">
      <CarouselButton label="Previous reviews" disabled={!canMove} onClick={() => move(-1)} direction="left" />
      <ul aria-live="polite" className="grid flex-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {visible.map((index) => {
          const review = reviews[index];
          if (!review) return null;
          return (
            <li key={review._id} data-testid="review" className="h-full">
              <figure
                aria-roledescription="slide"
                aria-label={`Review ${index + 1} of ${total}`}
                className="card h-full border border-base-300 bg-base-100 p-6 shadow-sm"
              >
                <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 fill-current text-primary/30">
                  <path d="M10 8C6 10 4 13.5 4 18v6h9v-9H8.5c.3-2.8 1.8-4.8 4.5-6L10 8zm15 0c-4 2-6 5.5-6 10v6h9v-9h-4.5c.3-2.8 1.8-4.8 4.5-6L25 8z" />
                </svg>
                {/* Plain text child: React escapes it, so markup in a review shows literally. */}
                <blockquote className="mt-3 flex-1 break-words text-base-content/80">{review.reviewText}</blockquote>
                <figcaption className="mt-5 flex flex-wrap items-center justify-between gap-2 border-t border-base-300 pt-4">
                  <span className="font-semibold">{review.userName}</span>
                  <StarRating rating={review.rating} />
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
      <CarouselButton label="Next reviews" disabled={!canMove} onClick={() => move(1)} direction="right" />
    </div>
  );
}

interface CarouselButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  direction: 'left' | 'right';
}

function CarouselButton({ label, disabled, onClick, direction }: CarouselButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="btn btn-circle btn-outline btn-primary shrink-0"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-5 w-5">
        <path strokeLinecap="round" strokeLinejoin="round" d={direction === 'left' ? 'M15 19l-7-7 7-7' : 'M9 5l7 7-7 7'} />
      </svg>
    </button>
  );
}

const LG = '(min-width: 1024px)';
const MD = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const queries = [window.matchMedia(LG), window.matchMedia(MD)];
  queries.forEach((query) => query.addEventListener('change', onChange));
  return () => queries.forEach((query) => query.removeEventListener('change', onChange));
}

function getSnapshot() {
  if (window.matchMedia(LG).matches) return 3;
  return window.matchMedia(MD).matches ? 2 : 1;
}

/** How many carousel slides fit: 1 on phones, 2 on tablets, 3 from the lg breakpoint. */
function useVisibleCount(): number {
  return useSyncExternalStore(subscribe, getSnapshot, () => 1);
}
