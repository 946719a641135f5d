import { ownPictureFiles } from '../../../lib/product-picture-files.ts';

/** A product's picture, small, for a line of the cart or the checkout: the shop's own images in their 400 px width. */
export function CartThumbnail({ img, name, className = 'h-20 w-24' }: { img: string | undefined; name: string; className?: string }) {
  if (!img) {
    return <div aria-hidden="true" className={`shrink-0 rounded-lg bg-stone-100 ${className}`} />;
  }
  return (
    <img
      src={ownPictureFiles(img)?.small ?? img}
      alt={name}
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-lg border border-base-300 bg-stone-100 object-cover ${className}`}
    />
  );
}
