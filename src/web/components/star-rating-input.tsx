import { LIMITS } from '../../shared/constants';

interface StarRatingInputProps {
  name: string;
  value: number;
  onChange: (rating: number) => void;
}

/** Five radio buttons drawn as stars: arrow keys move between them, each has its own label. */
export function StarRatingInput({ name, value, onChange }: StarRatingInputProps) {
  const stars = Array.from({ length: LIMITS.ratingMax }, (_, i) => i + 1);
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium">Rating</legend>
      <div className="rating rating-lg">
        {stars.map((star) => (
          <input
            key={star}
            type="radio"
            name={name}
            value={star}
            className="mask mask-star-2 bg-amber-600"
            aria-label={`${star} star${star > 1 ? 's' : ''}`}
            checked={value === star}
            onChange={() => onChange(star)}
          />
        ))}
      </div>
    </fieldset>
  );
}
