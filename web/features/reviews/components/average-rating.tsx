import { useId } from 'react';
import { maxRating } from '../../../../common/catalogue.ts';
import { type RatingSummary, ratingSentence } from '../../../../common/product-page.ts';

const starPath = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z';

const starWidth = 20;

/**
 * Five stars, grey, with amber drawn over `filled` of them (4.5: four and a half). One SVG clipped by a
 * rectangle, not a width in a style attribute, which the Content-Security-Policy refuses in a page
 * rendered on the server.
 */
function Stars({ filled }: { filled: number }) {
  const clip = useId();
  const stars = Array.from({ length: maxRating }, (_, index) => <path key={index} d={starPath} transform={`translate(${index * starWidth} 0)`} />);
  return (
    <svg viewBox={`0 0 ${maxRating * starWidth} ${starWidth}`} aria-hidden="true" className="h-5 w-25 shrink-0">
      <clipPath id={clip}>
        <rect width={filled * starWidth} height={starWidth} />
      </clipPath>
      <g className="fill-stone-300">{stars}</g>
      <g className="fill-amber-500" clipPath={`url(#${clip})`}>
        {stars}
      </g>
    </svg>
  );
}

/**
 * A product's average rating as stars filled to the tenth (4.5 is four and a half), with the number
 * and the count beside them; a screen reader hears the same in one sentence.
 */
export function AverageRating({ rating, size = 'md' }: { rating: RatingSummary; size?: 'md' | 'lg' }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${size === 'lg' ? 'text-base' : 'text-sm'}`}>
      <span className="sr-only">{ratingSentence(rating)}</span>
      <Stars filled={rating.average ?? 0} />
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
