import { shopIdentity } from './shop-identity.ts';

/** The shop's own title, for pages without one of their own (as index.html has it). */
export const shopTitle = `${shopIdentity.shortName} · Carpentry tools made to last`;

/** A page's title as the browser tab shows it: the page's own, then the shop's name. */
export const documentTitle = (title?: string) => (title ? `${title} · ${shopIdentity.shortName}` : shopTitle);
