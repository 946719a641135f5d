import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentGateway } from '../modules/payments/payment-gateway.ts';
import { createShopWithPeople, type ShopWithPeople } from './accounts.ts';
import { type InjectedFailure, standInWebhookSecret, startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export interface StripeShopOptions extends Pick<TestAppOptions, 'seed' | 'clock' | 'jobs' | 'env'> {
  /**
   * The shop's admin signed in and two customers signed up (createShopWithPeople), rather than a shop
   * with no one in it yet. `seed` is then false unless said, as there.
   */
  people?: boolean;
  /**
   * A gateway given to the app, made on the stand-in, instead of the configuration naming the
   * stand-in: the configured processor then stays the local one.
   */
  gateway?: (standIn: StripeStandIn) => PaymentGateway;
}

/** Stripe's refusal to capture an authorisation that has expired, for `standIn.failNext`. */
export const captureExpired: InjectedFailure = {
  method: 'POST',
  path: /\/capture$/,
  status: 400,
  error: { type: 'invalid_request_error', code: 'charge_expired_for_capture', message: 'The charge cannot be captured as the authorization has expired.' },
};

/** A shop whose card processor is the Stripe stand-in, with its webhook's secret. */
export interface StripeShop {
  standIn: StripeStandIn;
  shop: TestApp;
  /** Set when asked for with `people`. */
  people?: ShopWithPeople;
  close(): Promise<void>;
}

/** Starts the Stripe stand-in and a shop on it; `close` stops both. */
export async function startStripeShop({ people, gateway, ...options }: StripeShopOptions = {}): Promise<StripeShop> {
  const standIn = await startStripeStandIn();
  try {
    const env = gateway ? (options.env ?? {}) : { ...standIn.shopEnv(), STRIPE_WEBHOOK_SECRET: standInWebhookSecret, ...options.env };
    const withPeople = people ? await createShopWithPeople({ ...options, env }) : undefined;
    const shop = withPeople?.shop ?? (await createTestApp({ ...options, env, ...(gateway && { gateway: gateway(standIn) }) }));
    return {
      standIn,
      shop,
      people: withPeople,
      close: async () => {
        await shop.close();
        await standIn.close();
      },
    };
  } catch (error) {
    await standIn.close();
    throw error;
  }
}

/**
 * The Stripe stand-in shop of a test file (or of a describe block): started before its tests, its
 * stand-in's records cleared before each test, and both stopped after. `options` may be a function,
 * called when the shop starts, for settings that the file's own earlier `beforeAll` makes (a mail
 * stand-in's address, say). Read its fields inside tests and hooks: they are set once it has started.
 */
export function useStripeShop(options: StripeShopOptions | (() => StripeShopOptions) = {}) {
  let started: StripeShop | undefined;
  const get = () => {
    if (!started) throw new Error('the Stripe stand-in shop is read before it has started (read it inside a test or hook)');
    return started;
  };
  beforeAll(async () => {
    started = await startStripeShop(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  beforeEach(() => get().standIn.reset());
  return {
    get standIn() {
      return get().standIn;
    },
    get shop() {
      return get().shop;
    },
    get app() {
      return get().shop.app;
    },
    get db() {
      return get().shop.db;
    },
    get people(): ShopWithPeople {
      const { people } = get();
      if (!people) throw new Error('this Stripe stand-in shop was started without people: ask for them with `people: true`');
      return people;
    },
  };
}
