import { clsx } from 'clsx';
import Star from 'lucide-react/icons/star';

export interface RatingInputProps {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** 1 to 5 stars as a radio group: arrow keys move between stars, each has its own label. */
export function RatingInput({ value, error, onChange }: RatingInputProps) {
  const current = Number(value) || 0;
  return (
    <fieldset aria-describedby={error ? 'rating-error' : undefined}>
      <legend className="font-medium text-ink-900 text-sm">Your rating</legend>
      <div className="mt-2 flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="relative cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={current === star}
              onChange={() => onChange(String(star))}
              // Over the star, invisible: the star is what shows, the radio is what is clicked and focused.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
              aria-invalid={error ? true : undefined}
            />
            <span className="sr-only">
              {star} {star === 1 ? 'star' : 'stars'}
            </span>
            <Star
              aria-hidden="true"
              className={clsx('size-8', star <= current ? 'fill-amber-400 text-amber-400' : 'text-ink-300')}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id="rating-error" className="mt-1 text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
