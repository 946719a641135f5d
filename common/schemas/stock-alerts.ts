import * as z from 'zod/mini';
import { emailFieldSchema } from './inbox-forms.ts';

// The product page's "Notify me" form checks this in the browser: zod/mini, as the newsletter's forms,
// so that the product page's chunk stays light. The server validates the same request with it.

/** The Notify me form's one field; the page adds the product and variant shown. */
export const stockAlertFormSchema = z.object({ email: emailFieldSchema });
export type StockAlertForm = z.infer<typeof stockAlertFormSchema>;

/** `POST /stock-alerts`: who to tell when a sold-out product or variant is back. */
export const stockAlertInputSchema = z.extend(stockAlertFormSchema, {
  productId: z.string().check(z.minLength(1), z.maxLength(200)),
  /** One variant; left out for any of the product's variants. */
  variantId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type StockAlertInput = z.infer<typeof stockAlertInputSchema>;

/**
 * The answer to a request. `confirmed`: a signed-in customer asking for their own (verified) address,
 * who needs no confirmation; for anyone else it is false whatever was asked before, and an e-mail with
 * a confirmation link goes to the address, so that the answer tells nobody what the address asked.
 */
export const stockAlertResultSchema = z.object({ email: z.string(), confirmed: z.boolean() });
export type StockAlertResult = z.infer<typeof stockAlertResultSchema>;

/** The token from a stock alert e-mail's link, which confirms the alert or unsubscribes it. */
export const stockAlertTokenSchema = z.object({ token: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });

/** What a stock alert link confirmed or unsubscribed, for its page to name it. */
export const stockAlertLinkResultSchema = z.object({ email: z.string(), product: z.string(), productId: z.string() });
export type StockAlertLinkResult = z.infer<typeof stockAlertLinkResultSchema>;

/** `GET /stock-alerts/waiting` (admins): how many people wait for a product, or one of its variants. */
export const waitingDemandSchema = z.object({
  productId: z.string(),
  product: z.string(),
  /** '' for those who wait for any of the product's variants. */
  variantId: z.string(),
  /** "Width 10 mm · Handle Walnut"; '' for any variant, or a product sold one way. */
  variant: z.string(),
  sku: z.nullable(z.string()),
  /** Confirmed, not yet told, not unsubscribed. */
  waiting: z.number(),
  /** The stock now: of the variant, or of the product for '' . */
  availQuantity: z.number(),
});
export type WaitingDemand = z.infer<typeof waitingDemandSchema>;

/** What the Notify me form says when it worked. */
export const stockAlertTexts = {
  visitor: 'Check your inbox to confirm',
  customer: 'We will e-mail you when it is back',
} as const;
