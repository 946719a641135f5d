import { lazy } from 'react';
import { Link } from 'react-router';
import { type ShopPageSlug, shopPageLabels, shopPagePath } from '../../../common/shop-pages.ts';
import { now } from '../../lib/clock.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { WhenNear } from '../ui/when-near.tsx';
import { BrandMark } from './brand-mark.tsx';

// Loaded as the footer comes near the screen: every page has it, and few visitors use it.
const NewsletterForm = lazy(() => import('../../features/inbox/components/newsletter-form.tsx').then((module) => ({ default: module.NewsletterForm })));

const footerLink = (slug: ShopPageSlug) => ({ label: shopPageLabels[slug], to: shopPagePath(slug) });

/**
 * The specification's Services, Company and Legal entries, which led nowhere, are the pages the owner
 * writes (ADR 044), and the catalogue.
 */
const linkGroups: { title: string; items: { label: string; to: string }[] }[] = [
  { title: 'Services', items: [footerLink('shipping'), footerLink('returns')] },
  { title: 'Company', items: [footerLink('about'), { label: 'Our tools', to: '/products' }] },
  { title: 'Legal', items: [footerLink('terms'), footerLink('privacy')] },
];

/** The footer on every page. */
export function SiteFooter() {
  // Not in a page rendered on the server, which is kept while the catalogue is unchanged, New Year included.
  const year = useHydrated() ? `${now().getFullYear()} ` : '';
  return (
    <footer className="bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-6 lg:px-8">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <BrandMark />
          <p className="text-sm leading-relaxed text-stone-400">Hand tools for woodworkers, made in our own workshop for about 30 years.</p>
        </div>
        {linkGroups.map((group) => (
          <div key={group.title}>
            <h2 className="mb-3 text-xs font-semibold uppercase tracking-widest text-stone-100">{group.title}</h2>
            <ul className="space-y-2 text-sm">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="rounded-sm hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-100">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="col-span-2">
          <h2 className="mb-3 text-xs font-semibold uppercase tracking-widest text-stone-100">Newsletter</h2>
          <WhenNear minHeightClass="min-h-30">
            <NewsletterForm tone="dark" label="Your e-mail address" formName="Newsletter (footer)" />
          </WhenNear>
        </div>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-stone-300 sm:px-6 lg:px-8">© {year}Joinery Tool Works. Prices in US dollars.</p>
      </div>
    </footer>
  );
}
