/**
 * The pages the owner writes (issue 29, ADR 044): terms of sale, privacy notice, returns policy,
 * shipping information and about us. Each is published in versions that are kept; an order records
 * the version of the terms in force when it was placed. The server and the web app read these rules.
 */
import { countOf } from './plurals.ts';

export const shopPageSlugs = ['terms', 'privacy', 'returns', 'shipping', 'about'] as const;
export type ShopPageSlug = (typeof shopPageSlugs)[number];

export function isShopPageSlug(slug: string): slug is ShopPageSlug {
  return (shopPageSlugs as readonly string[]).includes(slug);
}

/** What each page is, as the admin's list and the footer name it. */
export const shopPageLabels: Record<ShopPageSlug, string> = {
  terms: 'Terms of sale',
  privacy: 'Privacy notice',
  returns: 'Returns policy',
  shipping: 'Shipping information',
  about: 'About us',
};

/** Where a page is read: /pages/terms. */
export const shopPagePath = (slug: ShopPageSlug) => `/pages/${slug}`;

/** The page whose version an order records as accepted. */
export const termsSlug = 'terms' satisfies ShopPageSlug;

/**
 * Words the editor types that the shop fills in when the page is read, so that the page never
 * disagrees with the settings: `{return window}` becomes "30 days" (the return window's setting).
 */
export const pagePlaceholders = {
  returnWindow: '{return window}',
} as const;

/** What each placeholder reads as, in words: `{ returnWindow: '30 days' }`. */
export type PagePlaceholderWords = Record<keyof typeof pagePlaceholders, string>;

/** The return window as a page says it: "30 days", "1 day". */
export const returnWindowInWords = (days: number) => countOf(days, 'day');

/** The page's text as readers get it (and the editor's preview shows it): each placeholder replaced by its words now. */
export function fillPagePlaceholders(body: string, words: PagePlaceholderWords): string {
  return body.replaceAll(pagePlaceholders.returnWindow, words.returnWindow);
}

export const shopPageLimits = { title: 120, body: 50_000 } as const;
