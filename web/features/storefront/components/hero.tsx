import { Link } from 'react-router';
import { ownPictureFiles } from '../../../lib/product-picture-files.ts';

/** The shop's own picture of its No. 4 smoothing plane, in its hashed files. */
const smoothingPlane = ownPictureFiles('/images/products/smoothing-plane.webp')!;

/** The first thing a visitor sees: who we are, and the way to the whole collection. */
export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="bg-stone-900 text-stone-100">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-amber-400">Tool makers since the 1990s</p>
          <h1 id="hero-heading" className="font-display mt-4 text-4xl font-semibold leading-tight tracking-tight sm:text-6xl">
            Tools that hold an edge, and hold their value.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone-300">
            We have made chisels, planes, saws and marking tools for about 30 years: hardened steel, seasoned hardwood and a workshop that still sharpens every blade by hand.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to="/products" className="btn btn-primary btn-lg">
              See Collection
            </Link>
            <a href="#contact" className="btn btn-lg border-stone-600 bg-transparent text-stone-100 hover:bg-stone-800">
              Ask the workshop
            </a>
          </div>
        </div>
        <div className="relative">
          <div aria-hidden="true" className="absolute -inset-4 rounded-3xl bg-gradient-to-br from-amber-600/30 to-transparent blur-2xl" />
          <img
            src={smoothingPlane.large}
            srcSet={`${smoothingPlane.small} 400w, ${smoothingPlane.large} 800w`}
            sizes="(min-width: 1024px) 600px, 100vw"
            alt="A Joinery No. 4 smoothing plane with a walnut tote and knob"
            width={800}
            height={600}
            fetchPriority="high"
            className="relative aspect-[4/3] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </div>
    </section>
  );
}
