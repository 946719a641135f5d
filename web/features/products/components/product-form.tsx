import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { productInputSchema, type ProductInput } from '../../../../common/schemas/products.ts';
import { imageAddressPattern, imageUpload, productLimits } from '../../../../common/shop-management.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { uploadProductImage } from '../api/product-mutations.ts';

/** Number inputs give numbers; a blank one gives NaN, which the schema calls missing. */
const asNumber = { valueAsNumber: true } as const;

const blankProduct = { name: '', img: '', description: '' };

interface ProductFormProps {
  label: string;
  submitLabel: string;
  initial?: ProductInput;
  busy: boolean;
  error: string | undefined;
  /** Resolves when saved; the form empties itself after a new product is added. */
  onSubmit: (product: ProductInput) => Promise<unknown>;
  resetAfterSave?: boolean;
}

/** The product form, for adding one and for editing one. Every field is required; the image is a link or an uploaded picture. */
export function ProductForm({ label, submitLabel, initial, busy, error, onSubmit, resetAfterSave = false }: ProductFormProps) {
  const fileId = useId();
  const form = useSchemaForm(productInputSchema, { defaultValues: initial ?? blankProduct });
  const { field } = form;
  const img = form.watch('img');
  const upload = useMutation({
    mutationFn: uploadProductImage,
    onSuccess: (address) => form.setValue('img', address, { shouldValidate: true }),
  });

  const submit = form.handleSubmit((product) =>
    onSubmit(product).then(
      () => {
        if (resetAfterSave) form.reset();
      },
      // The page shows why saving failed; the form keeps what was typed.
      () => undefined,
    ),
  );

  return (
    <form noValidate aria-label={label} className="space-y-5" onSubmit={submit}>
      <TextField label="Name" maxLength={productLimits.name} {...field('name')} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Price (USD)" type="number" inputMode="decimal" min="0.01" step="0.01" {...field('price', asNumber)} />
        <TextField label="Available quantity" type="number" inputMode="numeric" min="1" step="1" {...field('availQuantity', asNumber)} />
        <TextField label="Minimum order" type="number" inputMode="numeric" min="1" step="1" {...field('minQuantity', asNumber)} />
      </div>

      <div className="space-y-3 rounded-lg border border-base-300 p-4">
        <div className="flex flex-col gap-4 sm:flex-row">
          {img && imageAddressPattern.test(img) ? (
            <img src={img} alt="The product's picture" className="h-28 w-36 shrink-0 rounded-md border border-base-300 bg-stone-100 object-cover" />
          ) : (
            <div className="flex h-28 w-36 shrink-0 items-center justify-center rounded-md border border-dashed border-base-300 text-xs text-stone-500">No picture yet</div>
          )}
          <div className="min-w-0 flex-1 space-y-3">
            <TextField label="Image address" placeholder="https://… or upload a picture" maxLength={productLimits.img} {...field('img')} />
            <div>
              <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-stone-800">
                Or upload a picture (JPEG, PNG or WebP, up to 2 MB)
              </label>
              <input
                id={fileId}
                type="file"
                accept={imageUpload.types.join(',')}
                className="file-input file-input-sm w-full"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // Cleared at once, so that choosing the same file again is noticed.
                  event.target.value = '';
                  if (!file) return;
                  upload.reset();
                  form.clearErrors('img');
                  if (file.size > imageUpload.maxBytes) form.setError('img', { message: imageUpload.tooLarge });
                  else upload.mutate(file);
                }}
              />
              {upload.isPending && (
                <p className="mt-1.5 flex items-center gap-2 text-sm text-stone-600" role="status">
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Uploading the picture…
                </p>
              )}
              {upload.isError && (
                <p role="alert" className="mt-1.5 text-sm font-medium text-error">
                  {upload.error.message}
                </p>
              )}
            </div>
          </div>
        </div>
      </div>

      <TextAreaField label="Description" rows={4} maxLength={productLimits.description} {...field('description')} />
      <FormSubmit label={submitLabel} busy={busy} error={error} disabled={upload.isPending} />
    </form>
  );
}
