import { shopIdentity } from '../../../../common/shop-identity.ts';
import type { EmailContent } from './email-content.ts';

export interface ReviewAnsweredInput {
  /** The author, as their review names them. */
  name: string;
  /** The product reviewed, or null for a review of the shop as a whole. */
  productName: string | null;
  review: string;
  reply: string;
  /** Where the reply is shown under the review: the product's page, or the home page. */
  reviewUrl: string;
}

/** The words of a review as a message quotes them: its start, when it is long. */
const quoted = (text: string) => `“${text.length > 300 ? `${text.slice(0, 300).trimEnd()}…` : text}”`;

/** To a review's author: the shop answered it, in public, under the review. Sent once per review. */
export function reviewAnswered({ name, productName, review, reply, reviewUrl }: ReviewAnsweredInput): EmailContent {
  const about = productName ? `your review of ${productName}` : 'your review';
  return {
    subject: productName ? `We answered your review of ${productName}` : 'We answered your review',
    preview: reply.length > 120 ? `${reply.slice(0, 120).trimEnd()}…` : reply,
    heading: 'We answered your review',
    paragraphs: [`Hello ${name},`, `Thank you for ${about}: ${quoted(review)}`, `Our answer, shown under your review in the shop: ${quoted(reply)}`],
    action: { label: 'See the reply', url: reviewUrl },
    footnote: `You get this e-mail once, when your review is first answered. Questions? Write to ${shopIdentity.supportEmail}.`,
  };
}
