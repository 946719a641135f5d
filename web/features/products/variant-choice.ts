import { isSoldOut } from '../../../common/ordering.ts';
import type { ProductWithPictures, Variant } from '../../../common/schemas/products.ts';
import { choiceKey, type VariantChoice } from '../../../common/variants.ts';

type Sold = Pick<ProductWithPictures, 'options' | 'variants' | 'minQuantity'>;

/** A variant's stock as the order rule reads it: the product's minimum order, the variant's own stock. */
export const variantStock = (product: Pick<Sold, 'minQuantity'>, variant: Pick<Variant, 'availQuantity'>) => ({
  minQuantity: product.minQuantity,
  availQuantity: variant.availQuantity,
});

/**
 * The variant a page opens on: the one its address names (`?variant=`), else the first that can be
 * ordered, else the first. A product sold one way has exactly one, with the product's id.
 */
export function openingVariant(product: Sold, named: string | null): Variant | undefined {
  return product.variants.find((variant) => variant._id === named) ?? product.variants.find((variant) => !isSoldOut(variantStock(product, variant))) ?? product.variants[0];
}

/** The variant that is exactly this choice, if the shop sells it. */
export function variantOf(product: Sold, choice: VariantChoice): Variant | undefined {
  const key = choiceKey(product.options, choice);
  return product.variants.find((variant) => choiceKey(product.options, variant.options) === key);
}

/** What choosing `value` for `option` would lead to, keeping the other options as chosen: no such variant, a sold-out one, or one to order. */
export type ValueState = 'missing' | 'sold-out' | 'available';

export function valueState(product: Sold, chosen: VariantChoice, option: string, value: string): ValueState {
  const variant = variantOf(product, { ...chosen, [option]: value });
  if (!variant) return 'missing';
  return isSoldOut(variantStock(product, variant)) ? 'sold-out' : 'available';
}
