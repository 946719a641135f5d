import { randomBytes } from 'node:crypto';
import { cardDigits, type CardInput } from '../../../common/card-rules.ts';
import { cardDetailsSchema } from '../../../common/schemas/card-details.ts';
import { problemOf } from '../../../common/schemas/problem-of.ts';
import type { Clock } from '../../clock.ts';
import { localCardFormRoutes } from './local-card-form-routes.ts';
import type { LocalPaymentRepository } from './local-payment-repository.ts';
import { CardError, type PaymentGateway } from './payment-gateway.ts';

/** Stripe's test cards and what they do; any other valid number succeeds, as in Stripe's test mode. */
const testCardOutcomes: Record<string, CardError> = {
  '4000000000000002': new CardError('Your card was declined.', 'card_declined'),
  '4000000000009995': new CardError('Your card has insufficient funds.', 'insufficient_funds'),
  '4000000000000069': new CardError('Your card has expired.', 'expired_card'),
  '4000000000000127': new CardError("Your card's security code is incorrect.", 'incorrect_cvc'),
};

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * The default processor: no money moves, but cards behave as in Stripe's test mode, so the whole
 * flow (authorise, then capture or cancel) runs without an account anywhere. Card details are
 * checked and forgotten: nothing of them is stored or logged. Its card form is a route of its own.
 */
export function createLocalGateway(payments: LocalPaymentRepository, clock: Clock): PaymentGateway {
  const now = () => clock().toISOString();

  /** The card form's Pay: authorise the payment with a card. */
  async function authorise(clientSecret: string, card: CardInput) {
    const row = await payments.findBySecret(clientSecret);
    if (!row) throw new CardError('This payment is not known. Reload the page and try again.', 'payment_intent_unknown');
    if (row.status !== 'requires_payment_method') {
      throw new CardError('This payment has already been made or cancelled.', 'payment_intent_unexpected_state');
    }
    const problem = problemOf(cardDetailsSchema(clock), card);
    if (problem) throw new CardError(problem, 'invalid_card');
    const outcome = testCardOutcomes[cardDigits(card.cardNumber)];
    if (outcome) throw outcome;
    if (!(await payments.transition(row.id, ['requires_payment_method'], 'requires_capture', now()))) {
      throw new CardError('This payment has already been made or cancelled.', 'payment_intent_unexpected_state');
    }
    return { id: row.id, orderId: row.order_id };
  }

  async function cancel(id: string) {
    await payments.transition(id, ['requires_payment_method', 'requires_capture'], 'canceled', now());
  }

  return {
    kind: 'local',

    async create({ orderId, amountCents }) {
      const id = token('pi_local');
      const clientSecret = `${id}_secret_${randomBytes(16).toString('base64url')}`;
      await payments.insert({
        id,
        client_secret: clientSecret,
        order_id: orderId,
        amount_cents: amountCents,
        currency: 'usd',
        status: 'requires_payment_method',
        created_at: now(),
        updated_at: now(),
      });
      return { id, clientSecret };
    },

    async retrieve(id) {
      const row = await payments.findById(id);
      return row && { id: row.id, status: row.status, amountCents: row.amount_cents, currency: row.currency, orderId: row.order_id };
    },

    async capture(id) {
      if (!(await payments.transition(id, ['requires_capture', 'succeeded'], 'succeeded', now()))) {
        throw new CardError('This payment cannot be captured.', 'payment_intent_unexpected_state');
      }
    },

    cancel,
    // cancel moves only a payment that is still open, so it releases one as well.
    release: cancel,
    routes: localCardFormRoutes({ authorise, cancel }),
  };
}
