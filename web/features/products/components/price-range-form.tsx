import { useEffect } from 'react';
import { priceRangeFormSchema, type PriceRange } from '../../../../common/schemas/catalogue-filters.ts';
import { productLimits } from '../../../../common/shop-management.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

interface PriceRangeFormProps {
  minPrice: number | undefined;
  maxPrice: number | undefined;
  onApply: (range: PriceRange) => void;
}

const asText = (price: number | undefined) => (price === undefined ? '' : String(price));

/**
 * The catalogue's price range: two amounts in dollars, either may stay blank, applied with a button so
 * that the list does not jump while a price is half typed. The shared schema says what is wrong (a
 * negative price, a highest below the lowest) under the field, and nothing is applied until it is right.
 */
export function PriceRangeForm({ minPrice, maxPrice, onApply }: PriceRangeFormProps) {
  const form = useSchemaForm(priceRangeFormSchema, { defaultValues: { minPrice: asText(minPrice), maxPrice: asText(maxPrice) } });
  const { field, reset } = form;
  // Back, Forward or a link changed the range: the fields follow the address.
  useEffect(() => {
    reset({ minPrice: asText(minPrice), maxPrice: asText(maxPrice) });
  }, [reset, minPrice, maxPrice]);

  const applied = minPrice !== undefined || maxPrice !== undefined;
  const bound = { type: 'number', inputMode: 'decimal', min: 0, max: productLimits.maxPrice, step: 0.01, placeholder: 'Any' } as const;
  return (
    <form noValidate aria-label="Price range" className="grid grid-cols-2 items-start gap-x-3 gap-y-2 sm:flex" onSubmit={form.handleSubmit(onApply)}>
      <TextField label="Min price ($)" className="sm:w-36" {...bound} {...field('minPrice')} />
      <TextField label="Max price ($)" className="sm:w-36" {...bound} {...field('maxPrice')} />
      <div className="col-span-2 flex gap-2 sm:mt-[1.625rem]">
        <button type="submit" className="btn btn-neutral">
          Apply<span className="sr-only"> price range</span>
        </button>
        {applied && (
          <button type="button" className="btn btn-ghost" onClick={() => onApply({ minPrice: undefined, maxPrice: undefined })}>
            Any price
          </button>
        )}
      </div>
    </form>
  );
}
