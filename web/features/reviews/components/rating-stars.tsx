import { maxRating } from '../../../../common/catalogue.ts';

const starPath = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z';

/** A rating out of 5 as stars, with the same in words for screen readers. */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-1">
      <span className="sr-only">
        Rated {rating} out of {maxRating}
      </span>
      {Array.from({ length: maxRating }, (_, index) => (
        <svg key={index} viewBox="0 0 20 20" aria-hidden="true" className={`h-5 w-5 ${index < rating ? 'fill-amber-500' : 'fill-stone-300'}`}>
          <path d={starPath} />
        </svg>
      ))}
      <span aria-hidden="true" className="ml-1 text-sm font-medium text-stone-600">
        {rating}/{maxRating}
      </span>
    </p>
  );
}
