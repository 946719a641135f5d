import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { reviewInputSchema } from '../../../../common/schemas/reviews.ts';
import { reviewLimits, reviewMessages } from '../../../../common/shop-management.ts';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useAddReview } from '../../../features/reviews/api/review-mutations.ts';
import { RatingInput } from '../../../features/reviews/components/rating-input.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

export default function AddReviewPage() {
  const toast = useToast();
  const { data: viewer } = useSession();
  const add = useAddReview();
  const form = useSchemaForm(reviewInputSchema, { defaultValues: { review: '' } });
  const review = form.watch('review');

  return (
    <DashboardPage title="Add Review" intro="Tell other woodworkers how our tools served you. Your review appears on the home page with your name.">
      <form
        noValidate
        aria-label="Add review"
        className="max-w-2xl space-y-5 rounded-xl border border-base-300 bg-base-100 p-6"
        onSubmit={form.handleSubmit((input) =>
          add.mutate(input, {
            onSuccess: () => {
              toast(reviewMessages.added);
              form.reset();
            },
          }),
        )}
      >
        <p className="text-sm text-stone-600">
          Reviewing as <span className="font-medium text-stone-900">{viewer?.name}</span>
        </p>
        <Controller
          control={form.control}
          name="ratings"
          render={({ field, fieldState }) => (
            <RatingInput value={typeof field.value === 'number' ? field.value : undefined} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <TextAreaField label="Review" rows={5} maxLength={reviewLimits.review} hint={`${review.length} / ${reviewLimits.review} characters`} {...form.field('review')} />
        <FormSubmit
          label="Add Review"
          busy={add.isPending}
          error={add.error?.message}
          aside={
            add.isSuccess && (
              <Link to="/" className="link link-primary text-sm">
                See it on the home page
              </Link>
            )
          }
        />
      </form>
    </DashboardPage>
  );
}
