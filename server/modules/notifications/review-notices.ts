import { productPagePath } from '../../../common/product-page.ts';
import type { Mailer } from '../mail/mailer.ts';
import { reviewAnswered } from '../mail/templates/review-messages.ts';
import type { ReviewNotices } from '../reviews/review-service.ts';

/**
 * A review's author told that the shop answered it, queued in the reply's transaction (ADR 011): it goes
 * out exactly when the reply commits. The link opens the product's reviews, where the reply is shown;
 * a review of no product is on the home page.
 */
export function createReviewNotices({ mailer, publicUrl }: { mailer: Mailer; publicUrl: string }): ReviewNotices {
  return {
    answered: (transaction, { email, name, productId, productName, review, reply }) =>
      mailer.enqueue(transaction, {
        to: email,
        content: reviewAnswered({ name, productName, review, reply, reviewUrl: productId ? `${publicUrl}${productPagePath(productId)}#reviews` : `${publicUrl}/` }),
      }),
  };
}
