import type { Product } from '../../../../common/schemas/products.ts';

const ownImage = /^\/images\/products\/([a-z0-9-]+)\.webp$/;

/**
 * A product's picture at 4:3. The shop's own images come in 400 and 800 px widths, so the
 * browser picks the one that fits its place; the fixed ratio keeps the layout from shifting.
 * `eager` is for the pictures a page opens on (its largest content): fetched at once, first.
 */
export function ProductImage({ product, sizes, eager = false }: { product: Product; sizes: string; eager?: boolean }) {
  return <PictureImage src={product.img} alt={product.name} sizes={sizes} eager={eager} />;
}

/** Any one of a product's pictures, at 4:3 unless `className` says otherwise. */
export function PictureImage({ src, alt, sizes, eager = false, className = 'aspect-[4/3] w-full' }: { src: string; alt: string; sizes: string; eager?: boolean; className?: string }) {
  const slug = ownImage.exec(src)?.[1];
  return (
    <img
      src={src}
      srcSet={slug ? `/images/products/${slug}-400.webp 400w, ${src} 800w` : undefined}
      sizes={slug ? sizes : undefined}
      alt={alt}
      width={800}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
