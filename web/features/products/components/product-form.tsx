import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { productInputSchema, type ProductInput } from '../../../../common/schemas/products.ts';
import { productLimits } from '../../../../common/shop-management.ts';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCategories } from '../../categories/api/category-queries.ts';
import { orderableText } from './orderable-note.tsx';
import { ProductPicturesField } from './product-pictures-field.tsx';
import { VariantsEditor } from './variants-editor.tsx';

/** Number inputs give numbers; a blank one gives NaN, which the schema calls missing. */
const asNumber = { valueAsNumber: true } as const;
/** A number that may be left out: blank is "not given" (no size; a weight of 0). */
const asOptionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value)) } as const;

const blankProduct = { name: '', img: '', description: '', pictures: [], options: [] };

/**
 * What the form starts from for a product being edited: its pictures, and its variants only when it
 * has options (a product sold one way is edited by the specification's price and stock fields).
 */
function startingValues(initial: ProductInput): ProductInput {
  const pictures = initial.pictures ?? [initial.img];
  const { variants, ...fields } = initial;
  if (initial.options.length === 0 || !variants) return { ...fields, pictures };
  return {
    ...fields,
    pictures,
    variants: variants.map(({ sku, options, price, availQuantity, weightGrams, img, lowStockAt }) => ({
      sku,
      options,
      price,
      availQuantity,
      weightGrams,
      // The wire names the main picture for a variant without its own: the form keeps it as "the main picture".
      img: img === pictures[0] ? undefined : img,
      lowStockAt,
    })),
  };
}

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
 * carry all of the product's pictures: they are saved as the form shows them. A product with options
 * has a price and stock per variant instead of its own (the options and variants section).
 */
export function ProductForm({ label, submitLabel, initial, busy, error, onSubmit, resetAfterSave = false }: ProductFormProps) {
  const form = useSchemaForm(productInputSchema, { defaultValues: initial ? startingValues(initial) : blankProduct });
  const { field } = form;
  const categories = useCategories();
  const [uploading, setUploading] = useState(false);
  // A new product after a save starts the options editor afresh.
  const [resets, setResets] = useState(0);
  const withOptions = (form.watch('options') ?? []).length > 0;

  const submit = form.handleSubmit((product) =>
    onSubmit(product).then(
      () => {
        if (resetAfterSave) {
          form.reset();
          setResets((count) => count + 1);
        }
      },
      // The page shows why saving failed; the form keeps what was typed.
      () => undefined,
    ),
  );

  return (
    <form noValidate aria-label={label} className="space-y-5" onSubmit={submit}>
      <TextField label="Name" maxLength={productLimits.name} {...field('name')} />
      {/* Made again once the categories arrive, so that the form's value is shown among them. */}
      <SelectField key={categories.data ? 'categories' : 'loading'} label="Category" {...field('category')}>
        <option value="">Choose a category</option>
        {categories.data?.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.parentSlug ? `— ${category.name}` : category.name}
          </option>
        ))}
      </SelectField>
      {withOptions ? (
        // With options, each variant has its own price and stock (below); the minimum order is the product's.
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField label="Minimum order" type="number" inputMode="numeric" min="1" step="1" hint="For every variant" {...field('minQuantity', asNumber)} />
        </div>
      ) : (
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField label="Price (USD)" type="number" inputMode="decimal" min="0.01" step="0.01" {...field('price', asNumber)} />
          <TextField
            label="Available quantity"
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            hint={orderableText({ availQuantity: form.watch('availQuantity') ?? Number.NaN, minQuantity: form.watch('minQuantity') ?? 1 })}
            {...field('availQuantity', asNumber)}
          />
          <TextField label="Minimum order" type="number" inputMode="numeric" min="1" step="1" {...field('minQuantity', asNumber)} />
        </div>
      )}

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

      <VariantsEditor key={resets} form={form} />

      <TextAreaField label="Description" rows={4} maxLength={productLimits.description} {...field('description')} />
      <FormSubmit label={submitLabel} busy={busy} error={error} disabled={uploading} />
    </form>
  );
}
