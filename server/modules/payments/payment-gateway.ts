import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ErrorCodeWithStatus } from '../../../common/error-codes.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { OrderCaller } from '../../plugins/route-access.ts';

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
  /** The card that authorised it, once one has: brand as Stripe names brands, and last four digits. */
  card?: PaymentCard;
}

export interface PaymentCard {
  brand: string;
  last4: string;
}

/** A refund as the processor keeps it. `pending` refunds are on their way to the card. */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  /** What the shop said when it asked for the refund; undefined for one made elsewhere. */
  reason: string | undefined;
  /** The processor's own reason code, for one made elsewhere (Stripe: requested_by_customer, duplicate, fraudulent). */
  processorReason: string | undefined;
  /** The shop's refund it was made for; undefined for one made elsewhere. */
  refundId: string | undefined;
}

export interface RefundInput {
  paymentId: string;
  amountCents: number;
  reason: string;
  orderId: string;
  /** The shop's refund (reserved already) that this makes, kept with it so that the processor's events name it. */
  refundId: string;
  /** The same key refunds once: a repeated call answers the refund it made. */
  idempotencyKey: string;
}

/** A processor's event about one of its payments, its origin verified. */
export interface ProcessorEvent {
  id: string;
  type: string;
  payment?: { id: string; orderId: string | undefined };
}

/** What the shop did with an event: settled an order, saw it before, or had nothing to do. */
export type ProcessorEventResult = 'handled' | 'duplicate' | 'ignored';

/** What the shop gives a processor's own routes. */
export interface GatewayRouteOptions {
  /** The order, if this caller may see it (404 otherwise). */
  orderOf: (caller: OrderCaller, orderId: string) => Promise<Order>;
  /** Settles the order a verified event is about; an event delivered again changes nothing. */
  handleEvent: (event: ProcessorEvent) => Promise<ProcessorEventResult>;
  /** How many cards one account may try a minute on the processor's own card form, if it has one. */
  cardAttemptsPerMinute: number;
  /** Counts a card refused on the processor's own card form, if it has one (ADR 052). */
  cardDeclined: () => void;
}

export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** Shown to the browser with the stripe gateway. */
  readonly publishableKey?: string;
  create(input: { orderId: string; amountCents: number; description: string; receiptEmail: string }): Promise<{ id: string; clientSecret: string }>;
  retrieve(id: string): Promise<GatewayPayment | undefined>;
  capture(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
  /**
   * Gives back part or all of a captured payment, never more than was captured and not refunded.
   * Throws RefundRefusedError, with the processor's words, when the processor refuses.
   */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** Every refund of a payment, whoever made it (the shop, or someone at the processor). */
  refundsOf(paymentId: string): Promise<GatewayRefund[]>;
  /**
   * Lets go of a payment whose order was cancelled: cancels it if it could still hold or take money
   * (awaiting a card, or authorised), so that the customer's card is never held for nothing. A
   * payment already cancelled or captured, or unknown, is left as it is: releasing twice is harmless.
   */
  release(id: string): Promise<void>;
  /**
   * The routes this processor brings (the local card form, Stripe's webhook), registered under /api
   * with the gateway itself, so that a gateway given to the app keeps them.
   */
  readonly routes?: FastifyPluginAsyncZod<GatewayRouteOptions>;
}

/** A card the processor refused (declined, insufficient funds, invalid details), with its message and its 402 code. */
export class CardError extends Error {
  override name = 'CardError';
  constructor(
    message: string,
    readonly code: ErrorCodeWithStatus<402>,
  ) {
    super(message);
  }
}

/** A refund the processor refused (nothing left to refund, not captured, a disputed payment), with its message. */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
