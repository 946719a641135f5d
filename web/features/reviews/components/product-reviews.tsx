import { useState } from 'react';
import { Link } from 'react-router';
import { productReviewPageSize, type RatingSummary, reviewProductPath } from '../../../../common/product-page.ts';
import type { ProductReview } from '../../../../common/schemas/reviews.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { dateOnly, dateOnlyUtc } from '../../../lib/date-format.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useProductReviews } from '../api/review-queries.ts';
import { AverageRating } from './average-rating.tsx';
import { RatingStars } from './rating-stars.tsx';
import { ReviewReplyNote } from './review-reply.tsx';

/** One review on a product's page. Its text is rendered as text: markup in a review never runs. */
function ProductReviewItem({ review }: { review: ProductReview }) {
  const inReadersZone = useHydrated();
  return (
    <article aria-label={`Review by ${review.name}`} className="space-y-3 rounded-xl border border-base-300 bg-base-100 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.ratings} />
        <time dateTime={review.createdAt} className="text-sm text-stone-600">
          {(inReadersZone ? dateOnly : dateOnlyUtc).format(new Date(review.createdAt))}
        </time>
      </div>
      <p className="leading-relaxed text-stone-700">{review.review}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-stone-900">{review.name}</span>
        {review.verifiedBuyer && (
          <span className="badge badge-success badge-sm gap-1 font-medium" title="Bought this tool from us before writing">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="h-3 w-3 fill-none stroke-current stroke-[3]">
              <path d="M4 10.5 8 14.5 16 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Verified buyer
          </span>
        )}
      </p>
      {review.reply && <ReviewReplyNote reply={review.reply} />}
    </article>
  );
}

function ReviewSkeletons() {
  return (
    <div role="status" aria-label="Loading the reviews" className="space-y-4">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="space-y-3 rounded-xl border border-base-300 p-5" aria-hidden="true">
          <div className="skeleton h-5 w-28" />
          <div className="skeleton h-3 w-full" />
          <div className="skeleton h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/**
 * A product's reviews: the average and count, then the reviews themselves, newest first, a few at a
 * time, and the way to write one (the Add Review page, with this product chosen; it asks a visitor
 * to sign in first).
 */
export function ProductReviews({ productId, productName, rating }: { productId: string; productName: string; rating: RatingSummary }) {
  const [page, setPage] = useState(1);
  const reviews = useProductReviews(productId, { limit: productReviewPageSize, offset: (page - 1) * productReviewPageSize });
  const pageCount = Math.ceil((reviews.data?.total ?? 0) / productReviewPageSize);

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24 space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-base-300 pb-5">
        <div className="space-y-2">
          <p className="text-xs font-semibold uppercase tracking-widest text-primary">Reviews</p>
          <h2 id="reviews-heading" className="font-display text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
            What woodworkers say
          </h2>
          <AverageRating rating={rating} size="lg" />
        </div>
        <Link to={reviewProductPath(productId)} className="btn btn-outline">
          Write a review<span className="sr-only"> of {productName}</span>
        </Link>
      </div>

      {reviews.isPending ? (
        <ReviewSkeletons />
      ) : reviews.isError ? (
        <ErrorState title="We could not load the reviews." error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.items.length === 0 ? (
        <EmptyState title="No reviews of this tool yet.">Bought one? Tell other woodworkers how it served you.</EmptyState>
      ) : (
        <ol aria-label={`Reviews of ${productName}`} className={`space-y-4 ${reviews.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
          {reviews.data.items.map((review) => (
            <li key={review._id}>
              <ProductReviewItem review={review} />
            </li>
          ))}
        </ol>
      )}

      <Pagination label="Review pages" page={page} pageCount={pageCount} onPage={setPage} />
    </section>
  );
}
