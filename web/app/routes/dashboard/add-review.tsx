import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { reviewLimits, reviewMessages } from '../../../../common/shop-management.ts';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useAddReview } from '../../../features/reviews/api/review-mutations.ts';
import { RatingInput } from '../../../features/reviews/components/rating-input.tsx';

export default function AddReviewPage() {
  const toast = useToast();
  const { data: viewer } = useSession();
  const add = useAddReview();
  const [ratings, setRatings] = useState<number>();
  const [review, setReview] = useState('');
  const [problems, setProblems] = useState<{ ratings?: string; review?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ratings: ratings ? undefined : reviewMessages.ratingsRequired,
      review: !review.trim() ? reviewMessages.reviewRequired : review.trim().length > reviewLimits.review ? reviewMessages.reviewTooLong : undefined,
    };
    setProblems(found);
    if (found.ratings || found.review || !ratings) return;
    add.mutate(
      { ratings, review: review.trim() },
      {
        onSuccess: () => {
          toast(reviewMessages.added);
          setRatings(undefined);
          setReview('');
        },
      },
    );
  }

  return (
    <DashboardPage title="Add Review" intro="Tell other woodworkers how our tools served you. Your review appears on the home page with your name.">
      <form noValidate aria-label="Add review" className="max-w-2xl space-y-5 rounded-xl border border-base-300 bg-base-100 p-6" onSubmit={submit}>
        <p className="text-sm text-stone-600">
          Reviewing as <span className="font-medium text-stone-900">{viewer?.name}</span>
        </p>
        <RatingInput value={ratings} onChange={setRatings} error={problems.ratings} />
        <TextAreaField
          label="Review"
          rows={5}
          maxLength={reviewLimits.review}
          value={review}
          error={problems.review}
          hint={`${review.length} / ${reviewLimits.review} characters`}
          onChange={(event) => setReview(event.target.value)}
        />
        {add.isError && (
          <p role="alert" className="text-sm font-medium text-error">
            {add.error.message}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Add Review
          </button>
          {add.isSuccess && (
            <Link to="/" className="link link-primary text-sm">
              See it on the home page
            </Link>
          )}
        </div>
      </form>
    </DashboardPage>
  );
}
