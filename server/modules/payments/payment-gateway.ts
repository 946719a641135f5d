/**
 * A card processor, as the shop uses one: a payment is created for an order's amount, authorised
 * by the customer's card in the browser, then captured by the server once the stock is taken (or
 * cancelled, when it is not: the card is then never charged). `local` and `stripe` implement it.
 */
export type GatewayKind = 'local' | 'stripe';

export type PaymentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

export interface GatewayPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** The order it pays for, as recorded when it was created. */
  orderId: string | undefined;
}

export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** Shown to the browser with the stripe gateway. */
  readonly publishableKey?: string;
  create(input: { orderId: string; amountCents: number; description: string; receiptEmail: string }): Promise<{ id: string; clientSecret: string }>;
  retrieve(id: string): Promise<GatewayPayment | undefined>;
  capture(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
}

/** A card the processor refused (declined, insufficient funds, invalid details), with its message. */
export class CardError extends Error {
  override name = 'CardError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
