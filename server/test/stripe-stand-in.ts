import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';

/**
 * A local stand-in of Stripe's HTTP API, for the PaymentIntents the shop uses: create, retrieve
 * (with its latest charge expanded on request, as `expand[]=latest_charge` does), capture and
 * cancel; and their Refunds (create, list). Answered in Stripe's shapes (form-encoded requests,
 * JSON answers, Stripe's error JSON and status codes, Idempotency-Key replays). stripe-node talks to it through its
 * host, port and protocol options (STRIPE_API_URL). The test plays the browser: `authorise` does
 * what Stripe.js' confirmCardPayment does with a good card.
 */

export const standInSecretKey = 'sk_test_standin_0123456789abcdefghijklmnop';
export const standInPublishableKey = 'pk_test_standin_0123456789abcdefghijklmnop';
export const standInWebhookSecret = 'whsec_standin_0123456789abcdefghijklmnop';

export type StandInIntentStatus = Stripe.PaymentIntent.Status;

/** A PaymentIntent as Stripe answers one (the fields the shop and its tests read, and a few more). */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  status: StandInIntentStatus;
  payment_method: string | null;
  latest_charge: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

/** A Refund as Stripe answers one. */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: null;
  status: 'succeeded';
}

/** The card of a charge, as Stripe describes it in `payment_method_details.card`. */
export interface StandInCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
  country: string;
}

/** A Charge as Stripe answers one: the payment of an authorised PaymentIntent, with the card that made it. */
export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: StandInCard };
  status: 'succeeded';
  created: number;
  livemode: false;
}

/** One request the stand-in received. */
export interface RecordedStripeRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/payment_intents/pi_123/capture`. */
  path: string;
  /** The Authorization header as sent (stripe-node sends `Bearer sk_…`). */
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form-encoded body, flat as stripe-node encodes it: `metadata[orderId]`, `allowed_payment_method_types[0]`. */
  form: Record<string, string>;
}

interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';
  code?: string;
  message: string;
  param?: string;
}

/** An answer forced on the next matching request(s), e.g. Stripe failing a capture. */
export interface InjectedFailure {
  method: string;
  path: RegExp;
  status: number;
  error: StripeErrorBody;
  /** How many matching requests fail (default 1). */
  times?: number;
}

export interface StripeStandIn {
  /** For STRIPE_API_URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  secretKey: string;
  /** Every request, in order of arrival. */
  requests: RecordedStripeRequest[];
  /** Requests to one method and path (the path may be a pattern). */
  requestsTo(method: string, path: string | RegExp): RecordedStripeRequest[];
  /** The requests to capture a PaymentIntent, in order of arrival. */
  captures(): RecordedStripeRequest[];
  /** The shop's settings for using this stand-in as Stripe (no webhook secret). */
  shopEnv(): { STRIPE_SECRET_KEY: string; STRIPE_PUBLISHABLE_KEY: string; STRIPE_API_URL: string };
  /** A copy of a PaymentIntent as the stand-in holds it, or undefined. */
  intent(id: string): StandInIntent | undefined;
  status(id: string): StandInIntentStatus | undefined;
  /** Creates a PaymentIntent directly, as someone holding the secret key could (no request recorded). */
  createIntent(input: { amount: number; currency?: string; metadata?: Record<string, string>; captureMethod?: StandInIntent['capture_method'] }): StandInIntent;
  /**
   * What Stripe.js' confirmCardPayment does with a good card: manual capture → requires_capture,
   * otherwise succeeded, with a charge (the intent's latest_charge) made by the card: a Visa ending
   * 4242 unless told otherwise.
   */
  authorise(id: string, card?: Partial<StandInCard>): StandInIntent;
  /** A copy of a charge as the stand-in holds it, or undefined. */
  charge(id: string): StandInCharge | undefined;
  /** A snapshot event about an intent, as Stripe would deliver it to the webhook. */
  event(type: string, intentId: string, overrides?: { id?: string; object?: Partial<StandInIntent> }): Stripe.Event;
  /** An event about the charge of an intent (`charge.refunded`), its Charge as Stripe would deliver it (without the refunds list). */
  chargeEvent(type: string, intentId: string, overrides?: { id?: string }): Stripe.Event;
  /** A refund made in Stripe's dashboard: no request from the shop, no metadata. */
  refundInDashboard(intentId: string, amount: number, reason?: StandInRefund['reason']): StandInRefund;
  /** The refunds of an intent, oldest first. */
  refundsOf(intentId: string): StandInRefund[];
  failNext(failure: InjectedFailure): void;
  /** Forgets intents, requests, idempotency keys and injected failures. */
  reset(): void;
  close(): Promise<void>;
}

const token = (prefix: string, bytes = 12) => `${prefix}_${randomBytes(bytes).toString('hex')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

const cancellableFrom: StandInIntentStatus[] = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
const createParams = [
  /^amount$/,
  /^currency$/,
  /^capture_method$/,
  /^allowed_payment_method_types\[\d+\]$/,
  /^payment_method_types\[\d+\]$/,
  /^description$/,
  /^receipt_email$/,
  /^metadata\[[^\]]+\]$/,
  /^automatic_payment_methods\[enabled\]$/,
];
const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const refundParams = [/^payment_intent$/, /^charge$/, /^amount$/, /^reason$/, /^metadata\[[^\]]+\]$/];
const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'];
const listRefundParams = [/^payment_intent$/, /^charge$/, /^limit$/, /^starting_after$/, /^ending_before$/];
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** What a PaymentIntent's answer may expand (the shop asks only for its latest charge). */
const expandableOnIntent = ['latest_charge'];
const testVisa: StandInCard = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' };

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, code?: string, param?: string) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...(code && { code }), ...(param && { param }) });

const missing = (id: string) => new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });

/** Values of `name[0]`, `name[1]`, … in index order. */
function listParam(form: Record<string, string>, name: string): string[] {
  return Object.entries(form)
    .map(([key, value]) => [new RegExp(`^${name}\\[(\\d+)\\]$`).exec(key)?.[1], value] as const)
    .filter((entry): entry is readonly [string, string] => entry[0] !== undefined)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, value]) => value);
}

function mapParam(form: Record<string, string>, name: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const found = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (found?.[1] !== undefined) map[found[1]] = value;
  }
  return map;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(secretKey = standInSecretKey): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunds = new Map<string, StandInRefund>();
  const charges = new Map<string, StandInCharge>();
  const requests: RecordedStripeRequest[] = [];
  const replays = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let failures: InjectedFailure[] = [];

  function newIntent(input: {
    amount: number;
    currency: string;
    captureMethod: StandInIntent['capture_method'];
    allowed: string[];
    description: string | null;
    receiptEmail: string | null;
    metadata: Record<string, string>;
  }): StandInIntent {
    const id = token('pi');
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount: input.amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: input.currency,
      capture_method: input.captureMethod,
      allowed_payment_method_types: input.allowed,
      payment_method_types: input.allowed,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: input.description,
      receipt_email: input.receiptEmail,
      metadata: input.metadata,
      status: 'requires_payment_method',
      payment_method: null,
      latest_charge: null,
      canceled_at: null,
      cancellation_reason: null,
      created: unixNow(),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function find(id: string): StandInIntent {
    const intent = intents.get(id);
    if (!intent) throw missing(id);
    return intent;
  }

  function create(form: Record<string, string>): StandInIntent {
    const unknown = Object.keys(form).find((key) => !createParams.some((pattern) => pattern.test(key)));
    if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, 'parameter_unknown', unknown);
    if (form.amount === undefined) throw invalid('Missing required param: amount.', 'parameter_missing', 'amount');
    if (!/^\d+$/.test(form.amount)) throw invalid(`Invalid integer: ${form.amount}`, 'parameter_invalid_integer', 'amount');
    const amount = Number(form.amount);
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount_too_small', 'amount');
    if (amount > 99_999_999) throw invalid('Amount must be no more than $999,999.99', 'amount_too_large', 'amount');
    if (!form.currency) throw invalid('Missing required param: currency.', 'parameter_missing', 'currency');
    if (!/^[a-z]{3}$/.test(form.currency)) throw invalid(`Invalid currency: ${form.currency}.`, 'parameter_invalid_string', 'currency');
    const captureMethod = (form.capture_method ?? 'automatic_async') as StandInIntent['capture_method'];
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod))
      throw invalid(`Invalid capture_method: ${captureMethod}`, 'parameter_invalid_string', 'capture_method');
    const allowed = listParam(form, 'allowed_payment_method_types');
    const types = listParam(form, 'payment_method_types');
    return newIntent({
      amount,
      currency: form.currency,
      captureMethod,
      allowed: allowed.length ? allowed : types.length ? types : ['card'],
      description: form.description ?? null,
      receiptEmail: form.receipt_email ?? null,
      metadata: mapParam(form, 'metadata'),
    });
  }

  function capture(id: string): StandInIntent {
    const intent = find(id);
    if (intent.status !== 'requires_capture') {
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        'payment_intent_unexpected_state',
      );
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount_capturable;
    intent.amount_capturable = 0;
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (charge) Object.assign(charge, { captured: true, amount_captured: intent.amount_received });
    return intent;
  }

  function cancel(id: string, form: Record<string, string>): StandInIntent {
    const intent = find(id);
    const reason = form.cancellation_reason;
    if (reason !== undefined && !cancellationReasons.includes(reason)) throw invalid(`Invalid cancellation_reason: ${reason}`, 'parameter_invalid_string', 'cancellation_reason');
    if (!cancellableFrom.includes(intent.status)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellableFrom.join(', ')}.`,
        'payment_intent_unexpected_state',
      );
    }
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    intent.canceled_at = unixNow();
    intent.cancellation_reason = reason ?? null;
    return intent;
  }

  const refundsOf = (intentId: string) => [...refunds.values()].filter((refund) => refund.payment_intent === intentId);
  const refundedOf = (intentId: string) => refundsOf(intentId).reduce((sum, refund) => sum + refund.amount, 0);

  function newRefund(intent: StandInIntent, amount: number, reason: StandInRefund['reason'], metadata: Record<string, string>): StandInRefund {
    const refund: StandInRefund = {
      id: token('re'),
      object: 'refund',
      amount,
      balance_transaction: token('txn'),
      charge: intent.latest_charge,
      created: unixNow(),
      currency: intent.currency,
      metadata,
      payment_intent: intent.id,
      reason,
      receipt_number: null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  /** As Stripe does: only a payment with a successful charge, and never more than was received and not refunded. */
  function refund(form: Record<string, string>): StandInRefund {
    const unknown = Object.keys(form).find((key) => !refundParams.some((pattern) => pattern.test(key)));
    if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, 'parameter_unknown', unknown);
    const intentId = form.payment_intent ?? [...intents.values()].find((candidate) => form.charge !== undefined && candidate.latest_charge === form.charge)?.id;
    if (!form.payment_intent && !form.charge) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
    const intent = intentId === undefined ? undefined : intents.get(intentId);
    if (!intent) throw invalid(`No such payment_intent: '${form.payment_intent ?? form.charge}'`, 'resource_missing', form.payment_intent ? 'payment_intent' : 'charge');
    if (intent.status !== 'succeeded') throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'charge_not_refundable');
    const left = intent.amount_received - refundedOf(intent.id);
    if (left <= 0) throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, 'charge_already_refunded');
    if (form.amount !== undefined && !/^\d+$/.test(form.amount)) throw invalid(`Invalid integer: ${form.amount}`, 'parameter_invalid_integer', 'amount');
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (amount < 1) throw invalid('Amount must be at least 1 cent.', 'amount_too_small', 'amount');
    if (amount > left) throw invalid(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, 'amount_too_large', 'amount');
    const reason = form.reason;
    if (reason !== undefined && !refundReasons.includes(reason)) throw invalid(`Invalid reason: must be one of ${refundReasons.join(', ')}`, 'parameter_invalid_string', 'reason');
    return newRefund(intent, amount, (reason ?? null) as StandInRefund['reason'], mapParam(form, 'metadata'));
  }

  function listRefunds(form: Record<string, string>) {
    const unknown = Object.keys(form).find((key) => !listRefundParams.some((pattern) => pattern.test(key)));
    if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, 'parameter_unknown', unknown);
    const limit = Number(form.limit ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('This value must be less than or equal to 100.', 'parameter_invalid_integer', 'limit');
    if (form.payment_intent && !intents.has(form.payment_intent)) throw invalid(`No such payment_intent: '${form.payment_intent}'`, 'resource_missing', 'payment_intent');
    // Newest first, as Stripe lists; a page ends after `starting_after`.
    let listed = [...refunds.values()].filter((candidate) => !form.payment_intent || candidate.payment_intent === form.payment_intent).reverse();
    if (form.starting_after) listed = listed.slice(listed.findIndex((candidate) => candidate.id === form.starting_after) + 1);
    return { object: 'list', data: listed.slice(0, limit), has_more: listed.length > limit, url: '/v1/refunds' };
  }

  /** The intent as answered, with what `expand[]` asks for in place of its id. */
  function expanded(intent: StandInIntent, form: Record<string, string>): unknown {
    const expand = listParam(form, 'expand');
    const refused = expand.find((field) => !expandableOnIntent.includes(field));
    if (refused) throw invalid(`This property cannot be expanded (${refused}).`, undefined, 'expand');
    if (!expand.includes('latest_charge') || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: charges.get(intent.latest_charge) };
  }

  function route(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    if (path === '/v1/refunds') {
      if (method === 'POST') return { status: 200, body: refund(form) };
      if (method === 'GET') return { status: 200, body: listRefunds(form) };
    }
    const byId = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') return { status: 200, body: create(form) };
    if (byId?.[1] !== undefined) {
      const id = decodeURIComponent(byId[1]);
      if (method === 'GET' && !byId[2]) return { status: 200, body: expanded(find(id), form) };
      if (method === 'POST' && byId[2] === '/capture') return { status: 200, body: capture(id) };
      if (method === 'POST' && byId[2] === '/cancel') return { status: 200, body: cancel(id, form) };
    }
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function answer(request: http.IncomingMessage, raw: string): { status: number; body: unknown; replayed?: boolean } {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const form = Object.fromEntries(new URLSearchParams(method === 'GET' ? ((request.url ?? '').split('?')[1] ?? '') : raw));
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
    const authorization = request.headers.authorization;
    requests.push({ method, path, authorization, idempotencyKey, form });

    if (authorization !== `Bearer ${secretKey}`) {
      const shown = authorization?.replace(/^Bearer /, '') ?? '';
      return {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            message: shown ? `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}` : 'You did not provide an API key.',
          },
        },
      };
    }
    if (method === 'POST' && !String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid request: the body must be form-encoded.' } } };
    }

    const failure = failures.find((candidate) => candidate.method === method && candidate.path.test(path));
    if (failure) {
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures = failures.filter((candidate) => candidate !== failure);
      return { status: failure.status, body: { error: failure.error } };
    }

    // Stripe replays the first answer to a key; the same key with other parameters is an error.
    const fingerprint = `${method} ${path} ${raw}`;
    const replay = method === 'POST' && idempotencyKey ? replays.get(idempotencyKey) : undefined;
    if (replay) {
      if (replay.fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      }
      return { ...replay, replayed: true };
    }

    let result: { status: number; body: unknown };
    try {
      result = route(method, path, form);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      result = { status: error.status, body: { error: error.body } };
    }
    const snapshot = { status: result.status, body: structuredClone(result.body) };
    // As at Stripe, a request refused by validation saves no result for its key.
    if (method === 'POST' && idempotencyKey && result.status < 400) replays.set(idempotencyKey, { fingerprint, ...snapshot });
    return snapshot;
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      let result: { status: number; body: unknown; replayed?: boolean };
      try {
        result = answer(request, raw);
      } catch (error) {
        result = { status: 500, body: { error: { type: 'api_error', message: `The stand-in failed: ${String(error)}` } } };
      }
      response.statusCode = result.status;
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', token('req', 7));
      if (result.replayed) response.setHeader('idempotent-replayed', 'true');
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const requestsTo = (method: string, path: string | RegExp) =>
    requests.filter((request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)));

  return {
    url,
    secretKey,
    requests,
    requestsTo,

    captures() {
      return requestsTo('POST', /^\/v1\/payment_intents\/[^/]+\/capture$/);
    },

    shopEnv() {
      return { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: standInPublishableKey, STRIPE_API_URL: url };
    },

    intent(id) {
      const intent = intents.get(id);
      return intent && structuredClone(intent);
    },

    status(id) {
      return intents.get(id)?.status;
    },

    createIntent({ amount, currency = 'usd', metadata = {}, captureMethod = 'manual' }) {
      return structuredClone(newIntent({ amount, currency, captureMethod, allowed: ['card'], description: null, receiptEmail: null, metadata }));
    },

    authorise(id, card = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`the stand-in has no payment intent ${id}`);
      if (intent.status !== 'requires_payment_method') throw new Error(`payment intent ${id} is ${intent.status}, it cannot be authorised`);
      intent.payment_method = token('pm');
      intent.latest_charge = token('ch');
      const captured = intent.capture_method !== 'manual';
      charges.set(intent.latest_charge, {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount,
        amount_captured: captured ? intent.amount : 0,
        amount_refunded: 0,
        captured,
        currency: intent.currency,
        paid: true,
        payment_intent: intent.id,
        payment_method: intent.payment_method,
        payment_method_details: { type: 'card', card: { ...testVisa, ...card } },
        status: 'succeeded',
        created: unixNow(),
        livemode: false,
      });
      if (intent.capture_method === 'manual') {
        intent.status = 'requires_capture';
        intent.amount_capturable = intent.amount;
      } else {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
      }
      return structuredClone(intent);
    },

    charge(id) {
      const charge = charges.get(id);
      return charge && structuredClone(charge);
    },

    event(type, intentId, overrides = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`the stand-in has no payment intent ${intentId}`);
      return {
        id: overrides.id ?? token('evt'),
        object: 'event',
        api_version: '2025-01-01',
        created: unixNow(),
        data: { object: { ...structuredClone(intent), ...overrides.object } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: token('req', 7), idempotency_key: null },
        type,
      } as unknown as Stripe.Event;
    },

    chargeEvent(type, intentId, overrides = {}) {
      const intent = intents.get(intentId);
      if (!intent?.latest_charge) throw new Error(`the stand-in has no charge for payment intent ${intentId}`);
      const refunded = refundedOf(intentId);
      return {
        id: overrides.id ?? token('evt'),
        object: 'event',
        api_version: '2025-01-01',
        created: unixNow(),
        data: {
          object: {
            id: intent.latest_charge,
            object: 'charge',
            amount: intent.amount,
            amount_captured: intent.amount_received,
            amount_refunded: refunded,
            captured: intent.amount_received > 0,
            currency: intent.currency,
            metadata: structuredClone(intent.metadata),
            paid: true,
            payment_intent: intent.id,
            payment_method: intent.payment_method,
            refunded: refunded > 0 && refunded === intent.amount_received,
            status: 'succeeded',
            created: intent.created,
            livemode: false,
          },
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      } as unknown as Stripe.Event;
    },

    refundInDashboard(intentId, amount, reason = null) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'succeeded') throw new Error(`payment intent ${intentId} has no successful charge to refund`);
      if (amount > intent.amount_received - refundedOf(intentId)) throw new Error(`payment intent ${intentId} has less than ${amount} left to refund`);
      return structuredClone(newRefund(intent, amount, reason, {}));
    },

    refundsOf(intentId) {
      return structuredClone(refundsOf(intentId));
    },

    failNext(failure) {
      failures.push({ ...failure });
    },

    reset() {
      intents.clear();
      refunds.clear();
      charges.clear();
      requests.length = 0;
      replays.clear();
      failures = [];
    },

    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
