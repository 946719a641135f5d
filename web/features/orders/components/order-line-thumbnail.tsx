import { ownPictureFiles } from '../../../lib/product-picture-files.ts';

/**
 * A line's product picture, small: the shop's own images in their 400 px width. The line's name is
 * always written beside it, so the picture is left out of what a screen reader reads.
 */
export function OrderLineThumbnail({ img, className = 'h-12 w-16' }: { img: string; className?: string }) {
  if (!img) return <div aria-hidden="true" className={`shrink-0 rounded-lg bg-stone-100 ${className}`} />;
  return (
    <img
      src={ownPictureFiles(img)?.small ?? img}
      alt=""
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-lg border border-base-300 bg-stone-100 object-cover ${className}`}
    />
  );
}
