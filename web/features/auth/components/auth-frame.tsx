import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ownPictureFiles } from '../../../lib/product-picture-files.ts';

/** The shop's own picture of its No. 4 smoothing plane, in its hashed files. */
const smoothingPlane = ownPictureFiles('/images/products/smoothing-plane.webp')!;

/**
 * The frame of the sign-in pages: a workshop picture beside the form on wide screens, the form alone on
 * a phone. The picture and its words are stacked, never laid over each other, whatever the card's
 * height; the tinted backdrop fills the page down to the footer (data-fill-main, styles.css).
 */
export function AuthFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div data-fill-main className="bg-base-200/60 px-4 py-10 sm:py-16">
      <PageMeta title={title} />
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-2xl bg-base-100 shadow-xl shadow-stone-900/5 lg:grid-cols-[2fr_3fr]">
        <div className="hidden flex-col bg-stone-900 text-stone-100 lg:flex">
          <div className="relative min-h-56 flex-1">
            <img src={smoothingPlane.large} alt="" width={800} height={800} className="absolute inset-0 h-full w-full object-cover object-[center_72%]" />
          </div>
          <div className="p-10 pt-8">
            <p className="font-display text-3xl font-semibold leading-tight">Tools made to be handed down.</p>
            <p className="mt-3 text-sm text-stone-300">Your account keeps your orders, payments and reviews in one place.</p>
          </div>
        </div>
        <div className="p-6 sm:p-10">
          <h1 className="font-display text-3xl font-semibold text-stone-900">{title}</h1>
          <div className="mt-2 text-stone-600">{intro}</div>
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </div>
  );
}

/** A short horizontal rule with a word in it ("or"). */
export function Divider({ children }: { children: ReactNode }) {
  return <div className="divider my-6 text-sm text-stone-500">{children}</div>;
}
