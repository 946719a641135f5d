import { lazy } from 'react';
import { WhenNear } from '../../../components/ui/when-near.tsx';

// Both forms load as they come near the screen: with the form library and the shared rules they
// bring, they would otherwise be a fifth of the home page's first-load JavaScript.
const ContactForm = lazy(() => import('../../inbox/components/contact-form.tsx').then((module) => ({ default: module.ContactForm })));
const NewsletterForm = lazy(() => import('../../inbox/components/newsletter-form.tsx').then((module) => ({ default: module.NewsletterForm })));

/** The newsletter sign-up and the contact form, side by side on wide screens. */
export function StayInTouch() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8">
      <section aria-labelledby="newsletter-heading" className="rounded-2xl bg-stone-900 p-8 text-stone-100 lg:col-span-2">
        <p className="text-xs font-semibold uppercase tracking-widest text-amber-400">Newsletter</p>
        <h2 id="newsletter-heading" className="font-display mt-2 text-2xl font-semibold">
          New tools and workshop notes
        </h2>
        <p className="mt-3 mb-6 text-sm leading-relaxed text-stone-300">One e-mail a month: new tools, sharpening advice and the occasional offcut sale. No spam, ever.</p>
        <WhenNear minHeightClass="min-h-30">
          <NewsletterForm tone="dark" />
        </WhenNear>
      </section>
      <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20 rounded-2xl border border-base-300 p-8 lg:col-span-3">
        <p className="text-xs font-semibold uppercase tracking-widest text-primary">Contact</p>
        <h2 id="contact-heading" className="font-display mt-2 text-2xl font-semibold text-stone-900">
          Tell us what you need
        </h2>
        <p className="mt-3 mb-6 text-sm leading-relaxed text-stone-600">
          Fitting out a workshop or a classroom? Tell us which tools and how many, and we will come back with an offer.
        </p>
        <WhenNear minHeightClass="min-h-104">
          <ContactForm />
        </WhenNear>
      </section>
    </div>
  );
}
