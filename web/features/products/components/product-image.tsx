import type { Product } from '../../../../common/schemas/products.ts';
import { ownPictureFiles } from '../../../lib/product-picture-files.ts';

const uploadedImage = /^\/api\/product-images\/[0-9a-f-]{36}$/;

/**
 * Where the picture is read from, and its 400 and 800 px copies: the shop's own pictures from their
 * hashed files, uploaded ones at their two widths, any other address as it is.
 */
function filesOf(src: string): { src: string; srcSet?: string } {
  const own = ownPictureFiles(src);
  if (own) return { src: own.large, srcSet: `${own.small} 400w, ${own.large} 800w` };
  if (uploadedImage.test(src)) return { src, srcSet: `${src}?w=400 400w, ${src} 800w` };
  return { src };
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
export function PictureImage({
  src,
  alt,
  sizes,
  eager = false,
  className = 'aspect-[4/3] w-full',
}: {
  src: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const { src: file, srcSet } = filesOf(src);
  return (
    <img
      src={file}
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
