import { sameEmail } from '../../../common/contact-rules.ts';
import { productPagePath } from '../../../common/product-page.ts';
import type { StockAlertInput, StockAlertLinkResult, StockAlertResult, WaitingDemand } from '../../../common/schemas/stock-alerts.ts';
import { canOrder, type ProductOption, type VariantChoice, variantLabel } from '../../../common/variants.ts';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../errors.ts';
import { newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { Mailer } from '../mail/mailer.ts';
import { backInStock, stockAlertConfirmation } from '../mail/templates/stock-messages.ts';
import type { StockAlertRepository } from './stock-alert-repository.ts';
import type { StockAlertTokens } from './stock-alert-tokens.ts';

export interface StockAlertMail {
  mailer: Mailer;
  /** The shop's address for customers (PUBLIC_URL): the links in the mail start with it. */
  publicUrl: string;
}

/** How many due alerts one pass reads at a time. */
const batchSize = 100;

/** JSON the shop wrote itself, read back; a damaged value reads as nothing rather than stopping the mail. */
function parsed<T>(json: string | null | undefined, empty: T): T {
  try {
    return json ? (JSON.parse(json) as T) : empty;
  } catch {
    return empty;
  }
}

const labelOf = (options: string, variantOptions: string | null | undefined) => variantLabel(parsed<ProductOption[]>(options, []), parsed<VariantChoice>(variantOptions, {}));

const noSuchProduct = () => notFound('No product has that id.');

/**
 * "Notify me" on what is sold out (issue 27): a visitor's address is confirmed by double opt-in (ADR
 * 011), a signed-in customer's own verified address at once; when the stock comes back a job sends
 * each waiting address one e-mail, claimed in the transaction that queues it.
 */
export function createStockAlertService(alerts: StockAlertRepository, clock: Clock, tokens: StockAlertTokens, { mailer, publicUrl }: StockAlertMail) {
  const links = (token: string) => ({
    confirmUrl: `${publicUrl}/stock-alerts/confirm?token=${token}`,
    unsubscribeUrl: `${publicUrl}/stock-alerts/unsubscribe?token=${token}`,
    // RFC 8058: mail programs show their own Unsubscribe button, which posts here with no page in between.
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/stock-alerts/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });

  return {
    /**
     * Records who to tell. Refused with 409 while it can be ordered: there is nothing to wait for.
     * Asking again changes nothing, except that an alert already sent or unsubscribed waits again.
     */
    async request({ productId, variantId = '', email }: StockAlertInput, viewer: SignedInUser | null): Promise<StockAlertResult> {
      const wanted = await alerts.wanted(productId, variantId);
      if (!wanted || wanted.hidden) throw noSuchProduct();
      if (wanted.availQuantity === undefined) throw notFound('This product is not sold in that variant.');
      if (canOrder({ minQuantity: wanted.minQuantity, availQuantity: wanted.availQuantity })) {
        throw conflict('This is in stock: you can order it now, so there is nothing to wait for.');
      }
      const address = email.trim().toLowerCase();
      // Only an address its owner has proved (ADR 016) needs no confirmation.
      const ownAddress = viewer !== null && viewer.emailVerified && sameEmail(viewer.email, address);
      const now = clock().toISOString();
      const id = newRecordId();
      const variant = labelOf(wanted.options, wanted.variantOptions);
      const { confirmed } = await alerts.request(
        { id, productId, variantId, email: address, tokenHash: tokens.hashOf(tokens.tokenOf(id)), confirmedAt: ownAddress ? now : null, now },
        async (transaction, alert) => {
          if (alert.confirmed) return;
          // Asked again while waiting for confirmation: the same link again, in case the first e-mail was lost.
          const { confirmUrl, unsubscribeUrl, headers } = links(tokens.tokenOf(alert.id));
          await mailer.enqueue(transaction, { to: address, content: stockAlertConfirmation({ product: wanted.productName, variant, confirmUrl, unsubscribeUrl }), headers });
        },
      );
      // A visitor is told the same whatever the address asked before: only its owner learns more, by mail.
      return { email: address, confirmed: ownAddress && confirmed };
    },

    /** The link in the confirmation e-mail: the alert waits from now on. Opening it again changes nothing. */
    async confirm(token: string): Promise<StockAlertLinkResult> {
      const confirmed = await alerts.confirm(tokens.hashOf(token), clock().toISOString());
      if (!confirmed) throw notFound('This confirmation link is not valid: it may be cut short, or the alert was unsubscribed since. You can ask again on the product’s page.');
      return confirmed;
    },

    /** Unsubscribe, from a link or a mail program's button: no e-mail will come for this alert. Again: no change. */
    async unsubscribe(token: string): Promise<StockAlertLinkResult> {
      const removed = await alerts.unsubscribe(tokens.hashOf(token), clock().toISOString());
      if (!removed) throw notFound('This unsubscribe link is not valid: it may be cut short.');
      return removed;
    },

    /**
     * The job's work: each confirmed alert whose product or variant can be ordered again gets its one
     * e-mail. Each is claimed by a conditional update in the transaction that queues the e-mail, so
     * that however many processes run this at once, an address hears once. Answers how many were sent.
     */
    async notifyBackInStock(): Promise<number> {
      let sent = 0;
      for (;;) {
        const due = await alerts.due(batchSize);
        for (const alert of due) {
          const claimed = await alerts.inTransaction(async (trx) => {
            if (!(await alerts.claim(trx, alert.id, clock().toISOString()))) return false;
            const { unsubscribeUrl, headers } = links(tokens.tokenOf(alert.id));
            const content = backInStock({
              product: alert.productName,
              variant: alert.variantId ? labelOf(alert.options, alert.variantOptions) : '',
              productUrl: `${publicUrl}${productPagePath(alert.productId)}`,
              unsubscribeUrl,
            });
            await mailer.enqueue(trx, { to: alert.email, content, headers });
            return true;
          });
          if (claimed) sent += 1;
        }
        if (due.length < batchSize) return sent;
      }
    },

    /** How many people wait for each product and variant, the most awaited first (admins). */
    async waiting(page: { limit: number; offset: number }): Promise<{ items: WaitingDemand[]; total: number }> {
      const { rows, total } = await alerts.waiting(page);
      const items = rows.map((row) => ({
        productId: row.product_id,
        product: row.product,
        variantId: row.variant_id,
        variant: row.variant_id ? labelOf(row.options, row.variant_options) : '',
        sku: row.variant_id ? row.sku : null,
        waiting: Number(row.waiting),
        availQuantity: Number(row.avail_quantity),
      }));
      return { items, total };
    },
  };
}

export type StockAlertService = ReturnType<typeof createStockAlertService>;
