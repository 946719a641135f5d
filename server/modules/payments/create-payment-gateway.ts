import type Stripe from 'stripe';
import type { PaymentConfig } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { createLocalGateway, type LocalGateway } from './local-gateway.ts';
import { createLocalPaymentRepository } from './local-payment-repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeClient, createStripeGateway } from './stripe-gateway.ts';

export interface ConfiguredProcessor {
  gateway: PaymentGateway;
  /** Set when the local test processor is in use: its card form posts to the shop itself. */
  local: LocalGateway | undefined;
  /** Set when Stripe is in use with a webhook signing secret. */
  stripeWebhook: { stripe: Stripe; secret: string } | undefined;
}

/** Stripe when its keys are configured; otherwise the local test processor. */
export function createPaymentGatewayFor(config: PaymentConfig, db: Database): ConfiguredProcessor {
  if (config.gateway === 'stripe') {
    const stripe = createStripeClient(config);
    return {
      gateway: createStripeGateway(stripe, config.publishableKey),
      local: undefined,
      stripeWebhook: config.webhookSecret ? { stripe, secret: config.webhookSecret } : undefined,
    };
  }
  const local = createLocalGateway(createLocalPaymentRepository(db));
  return { gateway: local, local, stripeWebhook: undefined };
}
