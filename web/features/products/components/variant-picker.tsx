import { useId } from 'react';
import type { ProductWithPictures, Variant } from '../../../../common/schemas/products.ts';
import { valueState, variantOf } from '../variant-choice.ts';

interface VariantPickerProps {
  product: Pick<ProductWithPictures, 'name' | 'options' | 'variants' | 'minQuantity'>;
  chosen: Variant;
  onChoose: (variant: Variant) => void;
}

/**
 * One group of radio buttons per option (Width, Handle), each group named by its option, showing
 * its values as buttons. A value the shop does not sell with the other values chosen is not offered
 * (disabled); one that would be sold out is struck through, and each says so to a screen reader. Native
 * radios: the arrow keys move within a group and skip what is not offered.
 */
export function VariantPicker({ product, chosen, onChoose }: VariantPickerProps) {
  const id = useId();
  return (
    <div className="space-y-4">
      {product.options.map((option) => {
        const current = chosen.options[option.name];
        return (
          <fieldset key={option.name} className="space-y-2">
            <legend className="text-sm font-medium text-stone-800">
              {option.name}: <span className="font-semibold text-stone-900">{current}</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const state = valueState(product, chosen.options, option.name, value);
                const checked = value === current;
                return (
                  <label key={value} className={state === 'missing' ? 'cursor-not-allowed' : 'cursor-pointer'}>
                    <input
                      type="radio"
                      name={`${id}-${option.name}`}
                      value={value}
                      checked={checked}
                      disabled={state === 'missing'}
                      aria-label={state === 'sold-out' ? `${value}, sold out` : state === 'missing' ? `${value}, not made` : value}
                      className="peer sr-only"
                      onChange={() => {
                        const variant = variantOf(product, { ...chosen.options, [option.name]: value });
                        if (variant) onChoose(variant);
                      }}
                    />
                    <span
                      className={`inline-flex min-h-10 min-w-12 items-center justify-center rounded-lg border px-3 text-sm font-medium transition peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${
                        checked ? 'border-primary bg-primary/10 text-stone-900 ring-1 ring-primary' : 'border-base-300 bg-base-100 text-stone-800 hover:border-stone-400'
                      } ${state === 'missing' ? 'border-dashed opacity-40' : ''} ${state === 'sold-out' ? 'text-stone-500 line-through decoration-stone-400' : ''}`}
                    >
                      {value}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
