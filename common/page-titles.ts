import { shopIdentity } from './shop-identity.ts';

/** The shop's own title, for pages without one of their own (as index.html has it). */
export const shopTitle = `${shopIdentity.shortName} · Carpentry tools made to last`;

/** The shop's own description, for pages without one of their own (as index.html has it). */
export const shopDescription = 'Joinery makes chisels, planes, saws and marking tools for woodworkers, and has done so for about 30 years.';

/** A page's title as the browser tab shows it: the page's own, then the shop's name. */
export const documentTitle = (title?: string) => (title ? `${title} · ${shopIdentity.shortName}` : shopTitle);

/** What a page's head says of it: its own title (without the shop's name) and its description. */
export interface PageHeadText {
  title?: string;
  description: string;
}

/**
 * The head of each public page whose address says which page it is: written by the server into the
 * page it sends (search engines and link previews read it without running the app), and kept by the
 * app when a page gives no description of its own. A tool's and a category's pages have heads made
 * from their records.
 */
export const publicPageHeads: Record<string, PageHeadText> = {
  '/': { description: shopDescription },
  '/home': { description: shopDescription },
  '/products': { title: 'All our tools', description: 'Every chisel, plane, saw and marking tool Joinery makes, with its price and the smallest order we take.' },
  '/cart': { title: 'Your cart', description: 'The tools you are about to order from Joinery, priced as they are today.' },
  '/checkout': { title: 'Checkout', description: 'Where your Joinery tools should go and how, then one payment for the whole cart.' },
  '/login': { title: 'Log in', description: 'Log in to your Joinery account to order tools, follow your orders and write reviews.' },
  '/phoneLogin': { title: 'Log in with your phone', description: 'Log in to Joinery with a 6-digit code texted to your phone.' },
  '/register': { title: 'Create your account', description: 'Create a Joinery account to order tools, pay by card and follow your orders.' },
  '/forgotPassword': { title: 'Forgot your password?', description: 'Ask for a link to choose a new password for your Joinery account.' },
  '/resetPassword': { title: 'Choose a new password', description: 'Choose a new password for your Joinery account.' },
  '/verifyEmail': { title: 'Confirming your e-mail address', description: 'Confirm the e-mail address of your Joinery account.' },
  '/portfolio': { title: 'The developer behind the shop', description: 'Who built the Joinery shop, and with what.' },
  '/blogs': { title: 'Questions and answers', description: 'Notes from the Joinery team on the React techniques behind the shop.' },
  '/newsletter/confirm': { title: 'Confirming your subscription', description: "Confirm your subscription to Joinery's newsletter." },
  '/newsletter/unsubscribe': { title: 'Unsubscribe from the newsletter', description: "Stop receiving Joinery's newsletter." },
};

/** The head of the page at a path (no query), when it is one of the public pages above. */
export function publicPageHead(path: string): PageHeadText | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.hasOwn(publicPageHeads, trimmed) ? publicPageHeads[trimmed] : undefined;
}
