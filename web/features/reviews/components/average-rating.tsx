import { maxRating } from '../../../../common/catalogue.ts';
import { type RatingSummary, ratingSentence } from '../../../../common/product-page.ts';

const starPath = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z';

function Stars({ className }: { className: string }) {
  return (
    <span className="flex">
      {Array.from({ length: maxRating }, (_, index) => (
        <svg key={index} viewBox="0 0 20 20" aria-hidden="true" className={`h-5 w-5 shrink-0 ${className}`}>
          <path d={starPath} />
        </svg>
      ))}
    </span>
  );
}

/**
 * A product's average rating as stars filled to the tenth (4.5 is four and a half), with the number
 * and the count beside them; a screen reader hears the same in one sentence.
 */
export function AverageRating({ rating, size = 'md' }: { rating: RatingSummary; size?: 'md' | 'lg' }) {
  const filled = rating.average === null ? 0 : (rating.average / maxRating) * 100;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${size === 'lg' ? 'text-base' : 'text-sm'}`}>
      <span className="sr-only">{ratingSentence(rating)}</span>
      <span aria-hidden="true" className="relative inline-flex">
        <Stars className="fill-stone-300" />
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filled}%` }}>
          <Stars className="fill-amber-500" />
        </span>
      </span>
      <span aria-hidden="true" className="text-stone-700">
        {rating.average === null ? (
          'No reviews yet'
        ) : (
          <>
            <span className="font-semibold text-stone-900">{rating.average.toFixed(1)}</span> · {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
          </>
        )}
      </span>
    </p>
  );
}
