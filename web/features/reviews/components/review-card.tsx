import type { Review } from '../../../../common/schemas/reviews.ts';
import { RatingStars } from './rating-stars.tsx';
import { ReviewReplyNote } from './review-reply.tsx';

/** One customer's words. The text is rendered as text: markup in a review never runs. */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col gap-4 rounded-xl border border-base-300 bg-base-100 p-6 shadow-sm">
      <RatingStars rating={review.ratings} />
      <blockquote className="flex-1 text-stone-700">
        <p className="leading-relaxed">“{review.review}”</p>
      </blockquote>
      <figcaption className="flex items-center gap-3 border-t border-base-300 pt-4">
        <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-stone-900 text-sm font-semibold text-amber-400">
          {review.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className="font-semibold text-stone-900">{review.name}</span>
      </figcaption>
      {review.reply && <ReviewReplyNote reply={review.reply} compact />}
    </figure>
  );
}

export function ReviewCardSkeleton() {
  return (
    <div className="space-y-4 rounded-xl border border-base-300 p-6" aria-hidden="true">
      <div className="skeleton h-5 w-28" />
      <div className="skeleton h-3 w-full" />
      <div className="skeleton h-3 w-4/5" />
      <div className="skeleton h-9 w-40" />
    </div>
  );
}
