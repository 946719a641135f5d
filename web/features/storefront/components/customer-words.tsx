import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { useReviewList } from '../../reviews/api/review-queries.ts';
import { ReviewCard, ReviewCardSkeleton } from '../../reviews/components/review-card.tsx';

const newestCount = 3;

/** The three newest reviews. */
export function CustomerWords() {
  const reviews = useReviewList({ limit: newestCount });
  return (
    <section aria-labelledby="reviews-heading" className="bg-base-200 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="reviews-heading" eyebrow="Reviews" title="Words From Our Customers" />
        {reviews.isError ? (
          <ErrorState title="We could not load the reviews." error={reviews.error} onRetry={() => void reviews.refetch()} />
        ) : reviews.data?.items.length === 0 ? (
          <EmptyState title="No reviews yet.">Bought one of our tools? Tell others how it served you from your dashboard.</EmptyState>
        ) : (
          <div className="grid gap-6 md:grid-cols-3" role={reviews.data ? undefined : 'status'} aria-label={reviews.data ? undefined : 'Loading reviews'}>
            {reviews.data
              ? reviews.data.items.map((review) => <ReviewCard key={review._id} review={review} />)
              : Array.from({ length: newestCount }, (_, index) => <ReviewCardSkeleton key={index} />)}
          </div>
        )}
      </div>
    </section>
  );
}
