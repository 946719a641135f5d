import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { productInputSchema, type ProductInput } from '../../../../common/schemas/products.ts';
import { productCategories } from '../../../../common/categories.ts';
import { productLimits } from '../../../../common/shop-management.ts';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { ProductPicturesField } from './product-pictures-field.tsx';

/** Number inputs give numbers; a blank one gives NaN, which the schema calls missing. */
const asNumber = { valueAsNumber: true } as const;
/** A number that may be left out: blank is "not given" (no size; a weight of 0). */
const asOptionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value)) } as const;

const blankProduct = { name: '', img: '', description: '', pictures: [] };

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

/**
 * The product form, for adding one and for editing one. Every field is required; at least one
 * picture (a link or an uploaded picture), the first of which is the product's image. `initial` must
 * carry all of the product's pictures: they are saved as the form shows them.
 */
export function ProductForm({ label, submitLabel, initial, busy, error, onSubmit, resetAfterSave = false }: ProductFormProps) {
  const form = useSchemaForm(productInputSchema, { defaultValues: initial ? { ...initial, pictures: initial.pictures ?? [initial.img] } : blankProduct });
  const { field } = form;
  const [uploading, setUploading] = useState(false);

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
      <SelectField label="Category" {...field('category')}>
        <option value="">Choose a category</option>
        {productCategories.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.label}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Price (USD)" type="number" inputMode="decimal" min="0.01" step="0.01" {...field('price', asNumber)} />
        <TextField label="Available quantity" type="number" inputMode="numeric" min="1" step="1" {...field('availQuantity', asNumber)} />
        <TextField label="Minimum order" type="number" inputMode="numeric" min="1" step="1" {...field('minQuantity', asNumber)} />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-stone-900">Packed for shipping</legend>
        <div className="grid grid-cols-2 gap-5 sm:grid-cols-4">
          <TextField label="Weight (g)" type="number" inputMode="numeric" min="0" step="1" placeholder="0" {...field('weightGrams', asOptionalNumber)} />
          <TextField label="Length (mm)" type="number" inputMode="numeric" min="1" step="1" placeholder="Optional" {...field('lengthMm', asOptionalNumber)} />
          <TextField label="Width (mm)" type="number" inputMode="numeric" min="1" step="1" placeholder="Optional" {...field('widthMm', asOptionalNumber)} />
          <TextField label="Height (mm)" type="number" inputMode="numeric" min="1" step="1" placeholder="Optional" {...field('heightMm', asOptionalNumber)} />
        </div>
        <p className="text-sm text-stone-600">One piece as it ships, box included. Shipping rates go by an order&rsquo;s weight; blank counts as nothing.</p>
      </fieldset>

      <Controller
        control={form.control}
        name="pictures"
        render={({ field: picturesField, fieldState }) => (
          <ProductPicturesField
            pictures={picturesField.value ?? []}
            onChange={(pictures) => {
              picturesField.onChange(pictures);
              // The main picture is the product's image, which every other page shows.
              form.setValue('img', pictures[0] ?? '', { shouldValidate: form.formState.isSubmitted });
            }}
            error={fieldState.error?.message ?? form.formState.errors.img?.message}
            onUploading={setUploading}
          />
        )}
      />

      <TextAreaField label="Description" rows={4} maxLength={productLimits.description} {...field('description')} />
      <FormSubmit label={submitLabel} busy={busy} error={error} disabled={uploading} />
    </form>
  );
}
