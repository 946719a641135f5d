import { type ComponentProps, useId, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import type { productInputSchema } from '../../../../common/schemas/products.ts';
import { type VariantChoice, variantLimits } from '../../../../common/variants.ts';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import type { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { combinations, type OptionDraft, regenerate, rowKey, suggestedSku, type VariantDraft } from '../variant-rows.ts';

export type ProductFormApi = ReturnType<typeof useSchemaForm<typeof productInputSchema>>;

const asNumber = { valueAsNumber: true } as const;
const asOptionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value)) } as const;
const asOptionalText = { setValueAs: (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined) } as const;

/** The values typed as "6 mm, 10 mm, 12 mm": split at the commas, blanks left out. */
const splitValues = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

const pictureName = (address: string) => decodeURIComponent(address.split(/[?#]/)[0]!.split('/').pop() ?? address);

/** An input in a cell of the table: named for a screen reader by its column and row, its message under it. */
function CellInput({ label, error, ...input }: { label: string; error: string | undefined } & ComponentProps<'input'>) {
  const id = useId();
  return (
    <>
      <input
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`input input-sm w-full text-stone-900 ${error ? 'input-error' : ''}`}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-error">
          {error}
        </p>
      )}
    </>
  );
}

/** The values of one option, typed as a list with commas; kept as typed while the form holds the list. */
function ValuesInput({ label, values, error, onChange }: { label: string; values: string[]; error: string | undefined; onChange: (values: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState(values.join(', '));
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        value={text}
        placeholder="6 mm, 10 mm, 12 mm"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        className={`input w-full text-stone-900 ${error ? 'input-error' : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          onChange(splitValues(event.target.value));
        }}
      />
      <p id={`${id}-message`} className={`mt-1.5 text-sm ${error ? 'font-medium text-error' : 'text-stone-600'}`}>
        {error ?? 'Separate the values with commas.'}
      </p>
    </div>
  );
}

const messageOf = (error: unknown) => (error as FieldError | undefined)?.message;

/**
 * The product form's options and variants: up to three options (a name and its values), and a row
 * for each combination of their values: whether it is sold, and its SKU (suggested from the name and
 * values), price, stock, weight and picture. A product without options shows none of this but the
 * button to add one, and keeps the specification's price and stock fields. The rows live in the
 * form as `variants` (the sold ones only), so the schema's messages land at their row.
 */
export function VariantsEditor({ form }: { form: ProductFormApi }) {
  const options = (form.watch('options') ?? []) as OptionDraft[];
  const pictures = form.watch('pictures') ?? [];
  const errors = form.formState.errors;
  const id = useId();
  // Combinations the admin unticked, and the rows they had: ticking one again brings its row back.
  const [notSold, setNotSold] = useState<Set<string>>(() => {
    const sold = new Set((form.getValues('variants') ?? []).map((variant) => rowKey(options, variant.options ?? {})));
    return new Set(
      combinations(options)
        .map((choice) => rowKey(options, choice))
        .filter((key) => !sold.has(key)),
    );
  });
  const kept = useRef(new Map<string, VariantDraft>());
  // Rows are drawn afresh after the options change, so that their inputs show the values regenerated.
  const [generation, setGeneration] = useState(0);

  function fresh(after: readonly OptionDraft[]) {
    const price = form.getValues('price');
    const first = form.getValues('variants')?.[0];
    const weight = form.getValues('weightGrams');
    return (choice: VariantChoice): VariantDraft =>
      kept.current.get(rowKey(after, choice)) ?? {
        options: choice,
        sku: suggestedSku(form.getValues('name') ?? '', choice, after),
        // Typed once for the product, or for the first row: a starting point for the others.
        price: typeof price === 'number' && !Number.isNaN(price) ? price : first?.price,
        availQuantity: undefined,
        weightGrams: typeof weight === 'number' && weight > 0 ? weight : undefined,
      };
  }

  /** The rows again, after the options changed (or a row was ticked or unticked). */
  function update(after: OptionDraft[], unsold: Set<string> = notSold) {
    const before = (form.getValues('options') ?? []) as OptionDraft[];
    const rows = (form.getValues('variants') ?? []) as VariantDraft[];
    const validate = { shouldValidate: form.formState.isSubmitted };
    if (after.length === 0) {
      form.setValue('options', [], validate);
      form.setValue('variants', undefined, validate);
    } else {
      const next = regenerate({ before, rows, after, notSold: unsold, fresh: fresh(after) });
      // With options, the product's price and stock are what its variants add up to.
      if (before.length === 0) {
        form.setValue('price', undefined);
        form.setValue('availQuantity', undefined);
      }
      form.setValue('options', after as never, validate);
      form.setValue('variants', next as never, validate);
    }
    setGeneration((count) => count + 1);
  }

  function setOption(index: number, change: OptionDraft) {
    update(options.map((option, at) => (at === index ? { ...option, ...change } : option)));
  }

  function toggle(choice: VariantChoice, sold: boolean) {
    const key = rowKey(options, choice);
    const unsold = new Set(notSold);
    if (sold) unsold.delete(key);
    else {
      unsold.add(key);
      const row = (form.getValues('variants') ?? []).find((variant) => rowKey(options, variant.options ?? {}) === key);
      if (row) kept.current.set(key, row as VariantDraft);
    }
    setNotSold(unsold);
    update(options, unsold);
  }

  const rows = (form.getValues('variants') ?? []) as VariantDraft[];
  const indexOf = new Map(rows.map((row, index) => [rowKey(options, row.options), index]));
  const listError = messageOf(errors.variants) ?? messageOf((errors.variants as { root?: FieldError } | undefined)?.root) ?? messageOf(errors.options);

  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-base-300 p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-stone-900">Options and variants</legend>
      <p className="text-sm text-stone-600">
        {options.length === 0
          ? 'Sold one way? Leave this empty. A tool that comes in sizes or woods gets an option for each (Width, Handle), and a row for each combination.'
          : 'Each combination sold has its own SKU, price and stock. Untick a combination the workshop does not make.'}
      </p>

      {options.map((option, index) => (
        <div key={index} className="grid items-start gap-3 sm:grid-cols-[12rem_1fr_auto]">
          <div>
            <label htmlFor={`${id}-option-${index}`} className="mb-1.5 block text-sm font-medium text-stone-800">
              Option {index + 1} name
            </label>
            <input
              id={`${id}-option-${index}`}
              value={option.name ?? ''}
              maxLength={variantLimits.optionName}
              placeholder={index === 0 ? 'Width' : 'Handle'}
              aria-invalid={messageOf(errors.options?.[index]?.name) ? true : undefined}
              className={`input w-full text-stone-900 ${messageOf(errors.options?.[index]?.name) ? 'input-error' : ''}`}
              onChange={(event) => setOption(index, { name: event.target.value })}
            />
            {messageOf(errors.options?.[index]?.name) && <p className="mt-1.5 text-sm font-medium text-error">{messageOf(errors.options?.[index]?.name)}</p>}
          </div>
          <ValuesInput
            label={`${option.name?.trim() || `Option ${index + 1}`} values`}
            values={option.values ?? []}
            error={messageOf(errors.options?.[index]?.values)}
            onChange={(values) => setOption(index, { values })}
          />
          <button type="button" className="btn btn-ghost btn-sm text-error sm:mt-7" onClick={() => update(options.filter((_, at) => at !== index))}>
            Remove<span className="sr-only"> option {option.name || index + 1}</span>
          </button>
        </div>
      ))}

      {options.length < variantLimits.options && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => update([...options, { name: '', values: [] }])}>
          Add an option
        </button>
      )}

      {listError && (
        <p role="alert" className="text-sm font-medium text-error">
          {listError}
        </p>
      )}

      {options.length > 0 && combinations(options).length > 0 && (
        // Seven columns are wider than the form: on a wide screen the table scrolls sideways rather than squeezing its inputs.
        <div className="lg:overflow-x-auto">
          <StackingTable
            caption="Variants"
            headings={[{ label: 'Variant' }, { label: 'Sold' }, { label: 'SKU' }, { label: 'Price (USD)' }, { label: 'Stock' }, { label: 'Weight (g)' }, { label: 'Picture' }]}
          >
            {combinations(options).map((choice) => {
              const key = rowKey(options, choice);
              const index = indexOf.get(key);
              const name = Object.values(choice).join(' · ');
              const rowErrors = index === undefined ? undefined : errors.variants?.[index];
              return (
                <StackingRow key={`${generation}-${key}`} columns="grid-cols-2 sm:grid-cols-3">
                  <StackingCell className="col-span-full font-medium text-stone-900 lg:col-span-1">
                    <span className="whitespace-nowrap">{name}</span>
                    {messageOf(rowErrors?.options) && <p className="text-xs font-medium text-error">{messageOf(rowErrors?.options)}</p>}
                  </StackingCell>
                  <StackingCell heading="Sold">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label={`Sold: ${name}`}
                      checked={index !== undefined}
                      onChange={(event) => toggle(choice, event.target.checked)}
                    />
                  </StackingCell>
                  {index === undefined ? (
                    <StackingCell className="col-span-full text-sm text-stone-500 lg:col-span-5">Not sold</StackingCell>
                  ) : (
                    <>
                      <StackingCell heading="SKU" className="lg:min-w-44">
                        <CellInput label={`SKU of ${name}`} maxLength={variantLimits.sku} error={messageOf(rowErrors?.sku)} {...form.register(`variants.${index}.sku`)} />
                      </StackingCell>
                      <StackingCell heading="Price (USD)" className="lg:min-w-28">
                        <CellInput
                          label={`Price of ${name}`}
                          type="number"
                          inputMode="decimal"
                          min="0.01"
                          step="0.01"
                          error={messageOf(rowErrors?.price)}
                          {...form.register(`variants.${index}.price`, asNumber)}
                        />
                      </StackingCell>
                      <StackingCell heading="Stock" className="lg:min-w-28">
                        <CellInput
                          label={`Stock of ${name}`}
                          type="number"
                          inputMode="numeric"
                          min="0"
                          step="1"
                          error={messageOf(rowErrors?.availQuantity)}
                          {...form.register(`variants.${index}.availQuantity`, asNumber)}
                        />
                      </StackingCell>
                      <StackingCell heading="Weight (g)" className="lg:min-w-28">
                        <CellInput
                          label={`Weight of ${name}`}
                          type="number"
                          inputMode="numeric"
                          min="0"
                          step="1"
                          placeholder="Product’s"
                          error={messageOf(rowErrors?.weightGrams)}
                          {...form.register(`variants.${index}.weightGrams`, asOptionalNumber)}
                        />
                      </StackingCell>
                      <StackingCell heading="Picture" className="col-span-full sm:col-span-1 lg:min-w-44">
                        <select aria-label={`Picture of ${name}`} className="select select-sm w-full text-stone-900" {...form.register(`variants.${index}.img`, asOptionalText)}>
                          <option value="">Main picture</option>
                          {pictures.map((picture, at) => (
                            <option key={picture} value={picture}>
                              {pictureName(picture)}
                              {at === 0 ? ' (main)' : ''}
                            </option>
                          ))}
                        </select>
                        {messageOf(rowErrors?.img) && <p className="mt-1 text-xs font-medium text-error">{messageOf(rowErrors?.img)}</p>}
                      </StackingCell>
                    </>
                  )}
                </StackingRow>
              );
            })}
          </StackingTable>
        </div>
      )}
    </fieldset>
  );
}
