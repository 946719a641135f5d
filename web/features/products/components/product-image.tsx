import type { Product } from '../../../../common/schemas/products.ts';

const ownImage = /^\/images\/products\/([a-z0-9-]+)\.webp$/;
const uploadedImage = /^\/api\/product-images\/[0-9a-f-]{36}$/;

/** The picture's 400 and 800 px copies, for the shop's own images and uploaded ones; none for another address. */
function widthsOf(src: string): string | undefined {
  const slug = ownImage.exec(src)?.[1];
  if (slug) return `/images/products/${slug}-400.webp 400w, ${src} 800w`;
  if (uploadedImage.test(src)) return `${src}?w=400 400w, ${src} 800w`;
  return undefined;
}

/**
 * A product's picture at 4:3. The shop's own images and uploaded ones come in 400 and 800 px widths,
 * so the browser picks the one that fits its place; the fixed ratio keeps the layout from shifting.
 * `eager` is for the pictures a page opens on (its largest content): fetched at once, first.
 */
export function ProductImage({ product, sizes, eager = false }: { product: Product; sizes: string; eager?: boolean }) {
  return <PictureImage src={product.img} alt={product.name} sizes={sizes} eager={eager} />;
}

/** Any one of a product's pictures, at 4:3 unless `className` says otherwise. */
export function PictureImage({ src, alt, sizes, eager = false, className = 'aspect-[4/3] w-full' }: { src: string; alt: string; sizes: string; eager?: boolean; className?: string }) {
  const srcSet = widthsOf(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
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
