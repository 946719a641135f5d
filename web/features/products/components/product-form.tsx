import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import type { ProductInput } from '../../../../common/schemas/products.ts';
import { imageAddressPattern, imageUpload, pricePattern, productLimits, productMessages } from '../../../../common/shop-management.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { type Problems, useForm } from '../../../lib/use-form.ts';
import { uploadProductImage } from '../api/product-mutations.ts';

type Fields = Record<'name' | 'price' | 'img' | 'availQuantity' | 'minQuantity' | 'description', string>;

const whole = /^\d+$/;

function findProblems(fields: Fields): Problems<Fields> {
  const problems: Problems<Fields> = {};
  if (!fields.name.trim()) problems.name = productMessages.nameRequired;
  if (!fields.price.trim()) problems.price = productMessages.priceRequired;
  else if (!pricePattern.test(fields.price.trim()) || Number(fields.price) <= 0) problems.price = productMessages.priceInvalid;
  if (!fields.img.trim()) problems.img = productMessages.imgRequired;
  else if (!imageAddressPattern.test(fields.img.trim())) problems.img = productMessages.imgInvalid;
  if (!fields.availQuantity.trim()) problems.availQuantity = productMessages.availRequired;
  else if (!whole.test(fields.availQuantity.trim())) problems.availQuantity = productMessages.quantityWhole;
  if (!fields.minQuantity.trim()) problems.minQuantity = productMessages.minRequired;
  else if (!whole.test(fields.minQuantity.trim())) problems.minQuantity = productMessages.quantityWhole;
  else if (Number(fields.minQuantity) < 1) problems.minQuantity = productMessages.minAtLeastOne;
  else if (!problems.availQuantity && Number(fields.minQuantity) >= Number(fields.availQuantity)) problems.minQuantity = productMessages.minBelowAvail;
  if (!fields.description.trim()) problems.description = productMessages.descriptionRequired;
  return problems;
}

const toFields = (product?: ProductInput): Fields => ({
  name: product?.name ?? '',
  price: product ? String(product.price) : '',
  img: product?.img ?? '',
  availQuantity: product ? String(product.availQuantity) : '',
  minQuantity: product ? String(product.minQuantity) : '',
  description: product?.description ?? '',
});

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
  const form = useForm(toFields(initial), findProblems);
  const { fields, field } = form;
  const upload = useMutation({ mutationFn: uploadProductImage, onSuccess: (img) => form.set('img', img) });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const product: ProductInput = {
      name: fields.name.trim(),
      price: Number(fields.price),
      img: fields.img.trim(),
      availQuantity: Number(fields.availQuantity),
      minQuantity: Number(fields.minQuantity),
      description: fields.description.trim(),
    };
    void onSubmit(product).then(() => {
      if (resetAfterSave) form.reset();
    }, () => undefined);
  }

  return (
    <form noValidate aria-label={label} className="space-y-5" onSubmit={submit}>
      <TextField label="Name" maxLength={productLimits.name} {...field('name')} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Price (USD)" type="number" inputMode="decimal" min="0.01" step="0.01" {...field('price')} />
        <TextField label="Available quantity" type="number" inputMode="numeric" min="1" step="1" {...field('availQuantity')} />
        <TextField label="Minimum order" type="number" inputMode="numeric" min="1" step="1" {...field('minQuantity')} />
      </div>

      <div className="space-y-3 rounded-lg border border-base-300 p-4">
        <div className="flex flex-col gap-4 sm:flex-row">
          {fields.img && imageAddressPattern.test(fields.img) ? (
            <img src={fields.img} alt="The product's picture" className="h-28 w-36 shrink-0 rounded-md border border-base-300 bg-stone-100 object-cover" />
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
                  form.flag('img', file.size > imageUpload.maxBytes ? imageUpload.tooLarge : undefined);
                  if (file.size <= imageUpload.maxBytes) upload.mutate(file);
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
      {error && (
        <p role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || upload.isPending}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {submitLabel}
      </button>
    </form>
  );
}
