import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductWithPictures, Variant } from '../../../common/schemas/products.ts';
import { openingVariant } from './variant-choice.ts';

/** The address's name for the chosen variant: `/products/{id}?variant={variantId}`. */
export const variantParam = 'variant';

/** A product's page (or its purchase page) with a variant chosen; a product sold one way keeps its plain address. */
export function variantPath(base: string, product: Pick<ProductWithPictures, 'options'>, variantId: string): string {
  return product.options.length > 0 ? `${base}?${variantParam}=${encodeURIComponent(variantId)}` : base;
}

/**
 * The variant chosen on a page, kept in its address so that a link (or a reload) opens on the same
 * one. A choice replaces the address rather than adding to the history: Back leaves the page.
 */
export function useChosenVariant(product: Pick<ProductWithPictures, 'options' | 'variants' | 'minQuantity'>): [Variant | undefined, (variant: Variant) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = openingVariant(product, params.get(variantParam));
  const choose = useCallback(
    (variant: Variant) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(variantParam, variant._id);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [chosen, choose];
}
