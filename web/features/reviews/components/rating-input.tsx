import { maxRating, minRating } from '../../../../common/catalogue.ts';

const starPath = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z';
const ratings = Array.from({ length: maxRating - minRating + 1 }, (_, index) => minRating + index);

/** Choosing 1 to 5 stars: a group of radio buttons, drawn as stars, that arrow keys move through. */
export function RatingInput({ value, onChange, error }: { value: number | undefined; onChange: (rating: number) => void; error?: string | undefined }) {
  return (
    <fieldset aria-describedby={error ? 'ratings-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">Ratings</legend>
      <div className="flex items-center gap-1">
        {ratings.map((rating) => (
          <label key={rating} className="cursor-pointer rounded focus-within:outline focus-within:outline-2 focus-within:outline-primary">
            <input
              type="radio"
              name="ratings"
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="sr-only"
              aria-label={`${rating} out of ${maxRating}`}
            />
            <svg viewBox="0 0 20 20" aria-hidden="true" className={`h-8 w-8 ${value !== undefined && rating <= value ? 'fill-amber-500' : 'fill-stone-300 hover:fill-amber-300'}`}>
              <path d={starPath} />
            </svg>
          </label>
        ))}
        <span className="ml-2 text-sm text-stone-600">{value ? `${value} out of ${maxRating}` : 'Not rated yet'}</span>
      </div>
      {error && (
        <p id="ratings-error" className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
