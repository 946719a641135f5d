import { escapeHtml } from '../../../common/escape-html.ts';
import { formatUsd } from '../../../common/money.ts';
import { richTextToHtml, richTextToPlainText } from '../../../common/rich-text.ts';
import type { EmailContent } from '../mail/templates/email-content.ts';

/** What a product line of a campaign shows: its picture, name and price, linked to its page. */
export interface CampaignProduct {
  id: string;
  name: string;
  img: string;
  price: number;
}

/** The products a campaign's text names, by the address in its product lines. */
export type CampaignProducts = ReadonlyMap<string, CampaignProduct>;

const absolute = (publicUrl: string, href: string) => (href.startsWith('/') ? `${publicUrl}${href}` : href);

/** A product's card, laid out with a table and inline styles: the only layout every mail program keeps. */
function productCardHtml(product: CampaignProduct, publicUrl: string): string {
  const page = escapeHtml(`${publicUrl}/products/${product.id}`);
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border:1px solid #e7dfd2;border-radius:8px;margin:12px 0;border-collapse:separate"><tr>
<td style="width:112px;padding:12px;vertical-align:top"><a href="${page}"><img src="${escapeHtml(absolute(publicUrl, product.img))}" alt="${escapeHtml(product.name)}" width="96" height="96" style="display:block;width:96px;height:96px;object-fit:cover;border-radius:6px;border:0" /></a></td>
<td style="padding:12px 12px 12px 0;vertical-align:top"><a href="${page}" style="color:#1c1917;font-weight:600;text-decoration:none">${escapeHtml(product.name)}</a><br/><span style="color:#57534e">${escapeHtml(formatUsd(product.price))}</span><br/><a href="${page}" style="color:#a14a08;font-weight:600">See it in the shop</a></td>
</tr></table>`;
}

/**
 * A campaign as one e-mail: its subject as the heading, its text (product lines as cards, shop links
 * made absolute), and the reader's own unsubscribe link. The same for the preview, the test and
 * every reader, but for the link.
 */
export function campaignEmail(campaign: { subject: string; body: string }, products: CampaignProducts, publicUrl: string, unsubscribeUrl: string): EmailContent {
  const address = (href: string) => absolute(publicUrl, href);
  const html = richTextToHtml(campaign.body, {
    address,
    product: (slug) => {
      const product = products.get(slug);
      return product && productCardHtml(product, publicUrl);
    },
  });
  const text = richTextToPlainText(campaign.body, {
    address,
    product: (slug) => {
      const product = products.get(slug);
      return product && `${product.name}, ${formatUsd(product.price)}: ${publicUrl}/products/${product.id}`;
    },
  });
  const firstWords = richTextToPlainText(campaign.body).replace(/\s+/g, ' ').slice(0, 140);
  return {
    subject: campaign.subject,
    preview: firstWords,
    heading: campaign.subject,
    paragraphs: [],
    richBody: { html, text },
    footnote: 'You get this because you confirmed the Joinery newsletter. One click on the link below takes you off the list.',
    unsubscribeUrl,
  };
}

/** RFC 8058: mail programs show their own Unsubscribe button, which posts here with no page in between. */
export function oneClickHeaders(publicUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${publicUrl}/api/newsletter/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
