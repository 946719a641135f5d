import { randomBytes } from 'node:crypto';
import { cardBrandOfNumber, lastFourOf } from '../../../common/card-brands.ts';
import { cardDigits, type CardInput } from '../../../common/card-rules.ts';
import { cardDetailsSchema } from '../../../common/schemas/card-details.ts';
import { problemOf } from '../../../common/schemas/problem-of.ts';
import type { Clock } from '../../clock.ts';
import { localCardFormRoutes } from './local-card-form-routes.ts';
import { centsToDollars, formatUsd } from '../../../common/money.ts';
import type { LocalPaymentRepository, LocalRefundRow } from './local-payment-repository.ts';
import { CardError, type GatewayRefund, type PaymentGateway, RefundRefusedError } from './payment-gateway.ts';
import { refundIdInKey } from './refund-keys.ts';

/** Stripe's test cards and what they do; any other valid number succeeds, as in Stripe's test mode. */
const testCardOutcomes: Record<string, CardError> = {
  '4000000000000002': new CardError('Your card was declined.', 'card_declined'),
  '4000000000009995': new CardError('Your card has insufficient funds.', 'insufficient_funds'),
  '4000000000000069': new CardError('Your card has expired.', 'expired_card'),
  '4000000000000127': new CardError("Your card's security code is incorrect.", 'incorrect_cvc'),
};

/**
 * The local processor's refunds are made at once, as Stripe's card refunds usually are. The shop's
 * refund each was made for is in its idempotency key, where Stripe would keep it in the metadata.
 */
const asGatewayRefund = (row: LocalRefundRow): GatewayRefund => ({
  id: row.id,
  paymentId: row.payment_id,
  amountCents: row.amount_cents,
  status: 'succeeded',
  reason: row.reason,
  processorReason: undefined,
  refundId: refundIdInKey(row.idempotency_key),
});

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * The default processor: no money moves, but cards behave as in Stripe's test mode, so the whole
 * flow (authorise, then capture or cancel) runs without an account anywhere. Card details are
 * checked and forgotten: only the brand and the last four digits are kept, as at Stripe, and
 * nothing of them is logged. Its card form is a route of its own.
 */
export function createLocalGateway(payments: LocalPaymentRepository, clock: Clock): PaymentGateway {
  const now = () => clock().toISOString();

  /**
   * Why a card form's payment cannot be authorised, in the order the card form says it: an unknown
   * payment, then one made or cancelled already, then the card itself.
   */
  async function refusal(clientSecret: string, cardRefused?: CardError): Promise<CardError> {
    const row = await payments.findBySecret(clientSecret);
    if (!row) return new CardError('This payment is not known. Reload the page and try again.', 'payment_intent_unknown');
    if (row.status !== 'requires_payment_method' || !cardRefused) return new CardError('This payment has already been made or cancelled.', 'payment_intent_unexpected_state');
    return cardRefused;
  }

  /**
   * The card form's Pay: authorise the payment with a card. A card that passes is recorded by one
   * conditional write on the payment's secret; only a refusal reads the payment to say why.
   */
  async function authorise(clientSecret: string, card: CardInput) {
    const problem = problemOf(cardDetailsSchema(clock), card);
    const digits = cardDigits(card.cardNumber);
    const cardRefused = problem ? new CardError(problem, 'invalid_card') : testCardOutcomes[digits];
    if (cardRefused) throw await refusal(clientSecret, cardRefused);
    // Only the brand and the last four digits are kept, as Stripe keeps them on a charge.
    const authorised = await payments.authorise(clientSecret, { brand: cardBrandOfNumber(digits), last4: lastFourOf(digits) }, now());
    if (!authorised) throw await refusal(clientSecret);
    return { id: authorised.id, orderId: authorised.order_id };
  }

  async function cancel(id: string) {
    await payments.transition(id, ['requires_payment_method', 'requires_capture'], 'canceled', now());
  }

  return {
    kind: 'local',

    async create(input) {
      const id = token('pi_local');
      const clientSecret = `${id}_secret_${randomBytes(16).toString('base64url')}`;
      await payments.insert({
        id,
        client_secret: clientSecret,
        order_id: input.orderId,
        amount_cents: input.amountCents,
        currency: 'usd',
        status: 'requires_payment_method',
        card_brand: null,
        card_last4: null,
        created_at: now(),
        updated_at: now(),
      });
      return { id, clientSecret };
    },

    async retrieve(id) {
      const row = await payments.findById(id);
      if (!row) return undefined;
      const card = row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : undefined;
      return { id: row.id, status: row.status, amountCents: row.amount_cents, currency: row.currency, orderId: row.order_id, ...(card && { card }) };
    },

    async capture(id) {
      if (!(await payments.transition(id, ['requires_capture', 'succeeded'], 'succeeded', now()))) {
        throw new CardError('This payment cannot be captured.', 'payment_intent_unexpected_state');
      }
    },

    cancel,

    async refund({ paymentId, amountCents, reason, idempotencyKey }) {
      const result = await payments.refund({ id: token('re_local'), payment_id: paymentId, amount_cents: amountCents, reason, idempotency_key: idempotencyKey, created_at: now() });
      if ('refund' in result) return asGatewayRefund(result.refund);
      if (result.refusal === 'unknown-payment') throw new RefundRefusedError(`No such payment: '${paymentId}'.`, 'resource_missing');
      if (result.refusal === 'not-captured') throw new RefundRefusedError('This payment was never captured, so there is nothing to refund.', 'payment_intent_unexpected_state');
      const payment = await payments.findById(paymentId);
      const left = payment ? payment.amount_cents - payment.refunded_cents : 0;
      throw new RefundRefusedError(
        left > 0 ? `Only ${formatUsd(centsToDollars(left))} of this payment is left to refund.` : 'This payment has been refunded in full already.',
        left > 0 ? 'amount_too_large' : 'charge_already_refunded',
      );
    },

    async refundsOf(paymentId) {
      return (await payments.refundsOf(paymentId)).map(asGatewayRefund);
    },

    // cancel moves only a payment that is still open, so it releases one as well.
    release: cancel,
    routes: localCardFormRoutes({ authorise, cancel }),
  };
}
