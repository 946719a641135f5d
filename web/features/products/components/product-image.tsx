import type { Product } from '../../../../common/schemas/products.ts';

const ownImage = /^\/images\/products\/([a-z0-9-]+)\.webp$/;

/**
 * A product's picture at 4:3. The shop's own images come in 400 and 800 px widths, so the
 * browser picks the one that fits its place; the fixed ratio keeps the layout from shifting.
 */
export function ProductImage({ product, sizes, eager = false }: { product: Product; sizes: string; eager?: boolean }) {
  const slug = ownImage.exec(product.img)?.[1];
  return (
    <img
      src={product.img}
      srcSet={slug ? `/images/products/${slug}-400.webp 400w, ${product.img} 800w` : undefined}
      sizes={slug ? sizes : undefined}
      alt={product.name}
      width={800}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="aspect-[4/3] w-full bg-stone-100 object-cover"
    />
  );
}
