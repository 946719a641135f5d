import { useState } from 'react';
import { Link } from 'react-router';
import { productPagePath } from '../../../../common/product-page.ts';
import { reviewReplyLimits, reviewReplyMessages } from '../../../../common/review-replies.ts';
import { reviewReplyInputSchema, type StaffReview } from '../../../../common/schemas/reviews.ts';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useReplyToReview, useSetReviewHidden } from '../api/staff-review-queries.ts';
import { RatingStars } from './rating-stars.tsx';
import { ReviewReplyNote } from './review-reply.tsx';

/** The reply's form: it replaces the reply there is; a refused one keeps what was typed. */
function ReplyForm({ review, onDone }: { review: StaffReview; onDone: () => void }) {
  const toast = useToast();
  const reply = useReplyToReview(review._id);
  const form = useSchemaForm(reviewReplyInputSchema, { defaultValues: { text: review.reply?.text ?? '' } });
  const submit = form.handleSubmit((input) =>
    reply.mutateAsync(input).then(
      () => {
        toast(reviewReplyMessages.replied);
        onDone();
      },
      () => undefined,
    ),
  );
  return (
    <form noValidate aria-label={`Reply to ${review.name}`} className="space-y-3" onSubmit={submit}>
      <TextAreaField
        label={review.reply ? 'Edit the reply' : 'Your reply'}
        rows={3}
        hint={`Shown in public under the review. ${review.reply ? 'It replaces the reply above.' : `${review.name} is told by e-mail.`} Up to ${reviewReplyLimits.text.toLocaleString('en-US')} characters.`}
        {...form.field('text')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <FormSubmit label={review.reply ? 'Save reply' : 'Publish reply'} busy={reply.isPending} error={reply.error?.message} className="btn-primary btn-sm" />
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * One review as staff see it: hidden ones marked, with Hide or Show (each says what happened in a toast)
 * and the shop's reply, written or edited in place. Hidden reviews cannot be answered: a reply is public.
 */
export function StaffReviewItem({ review }: { review: StaffReview }) {
  const toast = useToast();
  const setHidden = useSetReviewHidden();
  const [replying, setReplying] = useState(false);
  const hidden = review.hiddenAt !== null;
  const toggle = () =>
    setHidden.mutate(
      { id: review._id, hidden: !hidden },
      {
        onSuccess: () => toast(hidden ? reviewReplyMessages.shown : reviewReplyMessages.hidden),
        onError: (error) => toast(error.message, 'error'),
      },
    );

  return (
    <article
      aria-label={`Review by ${review.name}`}
      className={`space-y-3 rounded-xl border p-5 ${hidden ? 'border-dashed border-stone-400 bg-base-200/60' : 'border-base-300 bg-base-100'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <RatingStars rating={review.ratings} />
          {hidden && <span className="badge badge-neutral badge-sm">Hidden</span>}
        </div>
        <time dateTime={review.createdAt} className="text-sm text-stone-600">
          {dateTime.format(new Date(review.createdAt))}
        </time>
      </div>
      <p className="whitespace-pre-line leading-relaxed text-stone-800 [overflow-wrap:anywhere]">{review.review}</p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
        <span className="font-semibold text-stone-900">{review.name}</span>
        <span>{review.email}</span>
        {review.verifiedBuyer && <span className="badge badge-success badge-sm">Verified buyer</span>}
        <span aria-hidden="true">·</span>
        {review.productId && review.productName ? (
          <Link to={productPagePath(review.productId)} className="link link-primary">
            {review.productName}
          </Link>
        ) : (
          <span>About the shop</span>
        )}
      </p>
      {review.reply && !replying && <ReviewReplyNote reply={review.reply} />}
      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {!hidden && (
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm"
              aria-label={`${review.reply ? 'Edit the reply' : 'Reply'} to ${review.name}`}
              onClick={() => setReplying(true)}
            >
              {review.reply ? 'Edit reply' : 'Reply'}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`${hidden ? 'Show' : 'Hide'} the review by ${review.name}`}
            disabled={setHidden.isPending}
            onClick={toggle}
          >
            {setHidden.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {hidden ? 'Show' : 'Hide'}
          </button>
        </div>
      )}
    </article>
  );
}
