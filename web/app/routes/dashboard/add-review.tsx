import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { maxPageSize } from '../../../../common/pagination.ts';
import { productPagePath } from '../../../../common/product-page.ts';
import { reviewInputSchema } from '../../../../common/schemas/reviews.ts';
import { reviewLimits, reviewMessages } from '../../../../common/shop-management.ts';
import { SelectField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useProduct, useProductList } from '../../../features/products/api/product-queries.ts';
import { useAddReview } from '../../../features/reviews/api/review-mutations.ts';
import { RatingInput } from '../../../features/reviews/components/rating-input.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

/**
 * The tools a review can be about: the catalogue by name, with the one the page was opened for
 * (`?product=`, from a product page's "Write a review") even when it is beyond the first page.
 */
function useReviewableProducts(chosenId: string | undefined) {
  const catalogue = useProductList({ limit: maxPageSize });
  const listed = catalogue.data?.items.some((product) => product._id === chosenId) ?? false;
  const chosen = useProduct(chosenId ?? '', { enabled: Boolean(chosenId) && catalogue.isSuccess && !listed });
  const products = [...(catalogue.data?.items ?? []), ...(chosen.data && !listed ? [chosen.data] : [])].sort((a, b) => a.name.localeCompare(b.name));
  return { products, loading: catalogue.isPending, failed: catalogue.isError, chosenMissing: Boolean(chosenId) && chosen.isError };
}

export default function AddReviewPage() {
  const toast = useToast();
  const { data: viewer } = useSession();
  const [params] = useSearchParams();
  const chosenId = params.get('product') ?? undefined;
  const reviewable = useReviewableProducts(chosenId);
  const add = useAddReview();
  const form = useSchemaForm(reviewInputSchema, { defaultValues: { review: '', productId: chosenId ?? '' } });
  // A tool that left the catalogue cannot be reviewed: the choice falls back to none, and the hint says why.
  const { chosenMissing } = reviewable;
  const { getValues, setValue } = form;
  useEffect(() => {
    if (chosenMissing && getValues('productId') === chosenId) setValue('productId', '');
  }, [chosenMissing, chosenId, getValues, setValue]);
  const review = form.watch('review');
  const reviewed = add.variables?.productId;

  return (
    <DashboardPage
      title="Add Review"
      intro="Tell other woodworkers how our tools served you. Your review appears on the home page with your name, and on the tool’s own page when you choose it."
    >
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
          name="productId"
          render={({ field, fieldState }) => (
            <SelectField
              label="Which tool is it about? (optional)"
              hint={
                reviewable.failed
                  ? 'The list of tools could not be loaded; you can still send a review about the shop.'
                  : reviewable.chosenMissing
                    ? 'The tool you came from is no longer in the catalogue.'
                    : 'If you bought it from us, your review is marked “Verified buyer”.'
              }
              error={fieldState.error?.message}
              disabled={reviewable.loading}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value)}
            >
              <option value="">{reviewable.loading ? 'Loading the tools…' : 'No particular tool: the shop itself'}</option>
              {reviewable.products.map((product) => (
                <option key={product._id} value={product._id}>
                  {product.name}
                </option>
              ))}
            </SelectField>
          )}
        />
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
              <Link to={reviewed ? `${productPagePath(reviewed)}#reviews` : '/'} className="link link-primary text-sm">
                {reviewed ? 'See it on the tool’s page' : 'See it on the home page'}
              </Link>
            )
          }
        />
      </form>
    </DashboardPage>
  );
}
