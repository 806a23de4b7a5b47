import { LIMITS } from '../../shared/constants';
import { STAR_PATH } from './star-rating';

interface StarRatingInputProps {
  name: string;
  value: number;
  onChange: (rating: number) => void;
}

/**
 * Five radio buttons drawn as stars: arrow keys move between them, each has its own label. The
 * stars up to the rating are filled, the others outlined, both in a colour with 5:1 contrast on
 * white (non-text contrast needs 3:1), so an unchosen star is plainly there and plainly empty:
 * shape tells them apart, not a faint tint.
 */
export function StarRatingInput({ name, value, onChange }: StarRatingInputProps) {
  const stars = Array.from({ length: LIMITS.ratingMax }, (_, i) => i + 1);
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium">Rating</legend>
      <div className="flex gap-1">
        {stars.map((star) => {
          const filled = star <= value;
          return (
            <label
              key={star}
              className="relative rounded-field p-0.5 text-amber-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
            >
              {/* The radio itself lies, unseen, over its star: a tap or click on the star lands on it. */}
              <input
                type="radio"
                name={name}
                value={star}
                className="absolute inset-0 cursor-pointer appearance-none opacity-0"
                aria-label={`${star} star${star > 1 ? 's' : ''}`}
                checked={value === star}
                onChange={() => onChange(star)}
              />
              <svg
                aria-hidden="true"
                data-filled={filled ? 'true' : 'false'}
                viewBox="0 0 24 24"
                width="32"
                height="32"
                className={`h-8 w-8 stroke-current ${filled ? 'fill-current' : 'fill-none'}`}
                strokeWidth={1.5}
                strokeLinejoin="round"
              >
                <path d={STAR_PATH} />
              </svg>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
