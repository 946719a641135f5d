import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createShop, type Shop } from '../../shop.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct, confirmPayment, orderRow, placeOrder, stockOf } from '../../test/ordering.ts';
import { authorisedPayment, type PayWith } from '../../test/paid-order.ts';
import { shopInbox } from '../../test/shop-mail.ts';
import { standInPublishableKey, standInSecretKey, standInWebhookSecret, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { captureExpired } from '../../test/stripe-shop.ts';
import { testSettings } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.ts';
import { createCaptureCompletion, finishCaptureAfterMs } from './capture-completion.ts';
import { createPaymentGatewayFor } from './create-payment-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeClient, createStripeGateway } from './stripe-gateway.ts';

/**
 * A card payment only authorised is captured after its order is marked paid and its stock taken
 * (ADR 011). A process that stops in between (SIGKILL, a restore) must not leave the order paid with
 * the money never taken and no receipt: the sweep that runs every minute finds the order and finishes
 * it (ADR 056, 069), with either processor, announcing the order once however the request and the
 * sweep meet.
 */

/**
 * Captures held at a gate while it is shut, all let through when it opens: to line up the
 * request's capture with the follow-up jobs'.
 */
function gatedCaptures(gateway: PaymentGateway) {
  let gate = Promise.resolve();
  let open = () => {};
  const held: string[] = [];
  return {
    gateway: {
      ...gateway,
      async capture(id: string) {
        held.push(id);
        await gate;
        return gateway.capture(id);
      },
    } satisfies PaymentGateway,
    held,
    shut() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

interface Running {
  shop: Shop;
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  gate: ReturnType<typeof gatedCaptures>;
  standIn: StripeStandIn | undefined;
}

// An hour behind the real time, so that PostgreSQL's queue, which reads its own clock, finds each
// minute's sweep due at once; SQLite's reads this one. Jobs run only when a test says.
const clock = createTestClock(new Date(Date.now() - 3_600_000));

describe.each(['local', 'stripe'] as const)(`a capture a crash interrupted (%s processor, ${testDialect})`, (processor) => {
  let running: Running;
  let customer: TestAccount;
  let productId: string;

  beforeAll(async () => {
    const standIn = processor === 'stripe' ? await startStripeStandIn() : undefined;
    const database = await createTestDatabase();
    await migrateToLatest(database.db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-data-'));
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, ...testSettings, SHOP_NOTIFY_EMAIL: shopInbox, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      path.join(dataDir, 'no-web-build'),
    );
    const processorGateway = standIn
      ? createStripeGateway(createStripeClient({ secretKey: standInSecretKey, publishableKey: standInPublishableKey, apiUrl: standIn.url }), {
          publishableKey: standInPublishableKey,
          webhookSecret: standInWebhookSecret,
          clock,
        })
      : createPaymentGatewayFor(config.payments, database.db, clock);
    const gate = gatedCaptures(processorGateway);
    const shop = createShop(config, { database, clock, logger: false, gateway: gate.gateway, jobs: { startRunner: false } });
    const app = await buildApp(shop);
    await app.ready();
    running = { shop, app, database, dataDir, gate, standIn };
    customer = await signUp(app, 'Cora Crash');
    productId = (await addProduct(database.db, { name: 'Spokeshave', priceCents: 2400, minQuantity: 1, availQuantity: 100 })).id;
  });

  afterAll(async () => {
    await running?.app.close();
    await running?.database.dispose();
    await running?.standIn?.close();
    if (running) fs.rmSync(running.dataDir, { recursive: true, force: true });
  });

  const payWith = (): PayWith => (running.standIn ? { standIn: running.standIn } : {});
  const statusAtProcessor = async (transactionId: string) => (await running.shop.paymentGateway.retrieve(transactionId))?.status;
  const mailsAbout = (order: Order) => {
    const mails = outboxMessages(running.dataDir);
    return {
      receipts: mails.filter((mail) => mail.to === customer.email && mail.subject === `Receipt for your Joinery order ${order.orderNumber}`),
      notices: mails.filter((mail) => mail.to === shopInbox && mail.subject.startsWith(`New paid order ${order.orderNumber} `)),
    };
  };
  const invoicesOf = (order: Order) => running.database.db.selectFrom('invoices').select('number').where('order_id', '=', order._id).execute();

  /** An order of 3 spokeshaves with its payment authorised, as the payment page leaves it before the shop confirms it. */
  async function authorisedOrder(): Promise<{ order: Order; transactionId: string }> {
    const order = await placeOrder(running.app, customer, productId, 3);
    return { order, transactionId: await authorisedPayment(running.app, customer, order._id, payWith()) };
  }

  /** What a process that died right after marking the order paid leaves: the settlement, and nothing after it. */
  async function settledThenKilled(order: Order, transactionId: string) {
    const settlement = await running.shop.orders.settle(order._id, transactionId, { captured: false });
    expect(settlement.outcome).toBe('paid');
  }

  /** The follow-up's delay passes, a new minute begins, and due jobs run (the sweep, then the mail it queued). */
  async function followUpDue() {
    clock.advance(finishCaptureAfterMs + 1000);
    await running.app.jobs.runDueJobs();
  }

  it('captures the payment after the delay, with one invoice, one receipt and one notice to the shop', async () => {
    const { order, transactionId } = await authorisedOrder();
    const stock = await stockOf(running.database.db, productId);
    await settledThenKilled(order, transactionId);
    expect(await orderRow(running.database.db, order._id)).toMatchObject({ payment_status: 'paid', captured_at: null });
    expect(await stockOf(running.database.db, productId)).toBe(stock - 3);
    expect(await statusAtProcessor(transactionId)).toBe('requires_capture');

    // Not yet: this minute's sweep leaves an order paid under a minute ago to the request capturing it.
    await running.app.jobs.runDueJobs();
    expect(await statusAtProcessor(transactionId)).toBe('requires_capture');
    expect(mailsAbout(order).receipts).toEqual([]);

    await followUpDue();
    expect(await statusAtProcessor(transactionId)).toBe('succeeded');
    expect(await orderRow(running.database.db, order._id)).toMatchObject({ payment_status: 'paid', transaction_id: transactionId, captured_at: expect.any(String) });
    expect(await stockOf(running.database.db, productId)).toBe(stock - 3);
    expect(await invoicesOf(order)).toHaveLength(1);
    expect(mailsAbout(order).receipts).toHaveLength(1);
    expect(mailsAbout(order).notices).toHaveLength(1);
    if (running.standIn) expect(running.standIn.captures().filter((request) => request.path.includes(transactionId))).toHaveLength(1);
  });

  it('does nothing when the request finished the capture itself: no second capture, receipt or invoice', async () => {
    const { order, transactionId } = await authorisedOrder();
    expect((await confirmPayment(running.app, customer, order._id, transactionId)).statusCode).toBe(200);
    await running.app.jobs.runDueJobs();
    expect(mailsAbout(order).receipts).toHaveLength(1);
    const requestsBefore = running.standIn?.requests.length;
    const capturesBefore = running.gate.held.length;

    await followUpDue();
    // The follow-up read the order and stopped: it asked the processor nothing.
    expect(running.gate.held.length).toBe(capturesBefore);
    expect(running.standIn?.requests.length).toBe(requestsBefore);
    expect(await invoicesOf(order)).toHaveLength(1);
    expect(mailsAbout(order).receipts).toHaveLength(1);
    expect(mailsAbout(order).notices).toHaveLength(1);
  });

  it('makes the order unpaid again, its stock back and no receipt, when the processor no longer holds the payment', async () => {
    const { order, transactionId } = await authorisedOrder();
    const stock = await stockOf(running.database.db, productId);
    await settledThenKilled(order, transactionId);
    // The authorisation lapsed at the processor meanwhile.
    await running.shop.paymentGateway.cancel(transactionId);

    await followUpDue();
    expect(await orderRow(running.database.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null, paid_at: null, captured_at: null });
    expect(await stockOf(running.database.db, productId)).toBe(stock);
    expect(await invoicesOf(order)).toEqual([]);
    expect(mailsAbout(order)).toEqual({ receipts: [], notices: [] });
  });

  it.runIf(processor === 'stripe')('makes the order unpaid again, its stock back and no receipt, when the capture fails in the job', async () => {
    const { order, transactionId } = await authorisedOrder();
    const stock = await stockOf(running.database.db, productId);
    await settledThenKilled(order, transactionId);
    running.standIn?.failNext(captureExpired);

    await followUpDue();
    expect(running.standIn?.captures().filter((request) => request.path.includes(transactionId))).toHaveLength(1);
    expect(await statusAtProcessor(transactionId)).toBe('requires_capture');
    expect(await orderRow(running.database.db, order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null, captured_at: null });
    expect(await stockOf(running.database.db, productId)).toBe(stock);
    expect(await invoicesOf(order)).toEqual([]);
    expect(mailsAbout(order)).toEqual({ receipts: [], notices: [] });
  });

  it.runIf(processor === 'stripe')(
    'finishes every order a stopped process left; one the processor cannot answer for waits for the next minute without holding up the others',
    async () => {
      const first = await authorisedOrder();
      const second = await authorisedOrder();
      await settledThenKilled(first.order, first.transactionId);
      await settledThenKilled(second.order, second.transactionId);
      // The processor fails to answer for the first payment (a refusal the client does not retry).
      running.standIn?.failNext({
        method: 'GET',
        path: new RegExp(`/payment_intents/${first.transactionId}$`),
        status: 400,
        error: { type: 'invalid_request_error', code: 'parameter_invalid_string', message: 'The processor could not answer for this payment.' },
      });

      await followUpDue();
      expect(await statusAtProcessor(first.transactionId)).toBe('requires_capture');
      expect(await orderRow(running.database.db, first.order._id)).toMatchObject({ payment_status: 'paid', captured_at: null });
      expect(await statusAtProcessor(second.transactionId)).toBe('succeeded');
      expect(mailsAbout(second.order).receipts).toHaveLength(1);
      // The admin sees that sweep failed, once: the next minute's is its retry.
      const failed = await running.app.jobs.listFailed({ limit: 10, offset: 0 });
      expect(failed.items.filter((job) => job.task === 'finish-captures')).toEqual([
        expect.objectContaining({ attempts: 1, lastError: expect.stringContaining('1 of 2 card payments a stopped process left could not be captured yet') }),
      ]);

      await followUpDue();
      expect(await statusAtProcessor(first.transactionId)).toBe('succeeded');
      expect(await orderRow(running.database.db, first.order._id)).toMatchObject({ payment_status: 'paid', captured_at: expect.any(String) });
      expect(mailsAbout(first.order).receipts).toHaveLength(1);
      expect(mailsAbout(second.order).receipts).toHaveLength(1);
      expect(await invoicesOf(first.order)).toHaveLength(1);
      expect(await invoicesOf(second.order)).toHaveLength(1);
    },
  );

  it('announces the order once when the request and 49 runs of the follow-up capture it at the same moment', { timeout: 60_000 }, async () => {
    const { order, transactionId } = await authorisedOrder();
    const stock = await stockOf(running.database.db, productId);
    const followUp = createCaptureCompletion({ gateway: running.shop.paymentGateway, orders: running.shop.orders, log: running.shop.log });
    running.gate.shut();
    running.gate.held.length = 0;
    try {
      // The request settles the order and waits at the gate with its capture; the follow-ups reach it too.
      const request = confirmPayment(running.app, customer, order._id, transactionId);
      await expect.poll(() => running.gate.held.length).toBe(1);
      const followUps = Array.from({ length: 49 }, () => followUp.finish(order._id, transactionId));
      await expect.poll(() => running.gate.held.length).toBe(50);
      running.gate.open();
      const [answer] = await Promise.all([request, ...followUps]);
      expect(answer?.statusCode).toBe(200);
    } finally {
      running.gate.open();
    }
    await running.app.jobs.runDueJobs();

    expect(await statusAtProcessor(transactionId)).toBe('succeeded');
    // Taken once, for the whole amount.
    const intent = running.standIn?.intent(transactionId);
    if (intent) expect(intent.amount_received).toBe(intent.amount);
    expect(await orderRow(running.database.db, order._id)).toMatchObject({ payment_status: 'paid', captured_at: expect.any(String) });
    expect(await stockOf(running.database.db, productId)).toBe(stock - 3);
    expect(await invoicesOf(order)).toHaveLength(1);
    expect(mailsAbout(order).receipts).toHaveLength(1);
    expect(mailsAbout(order).notices).toHaveLength(1);
  });
});
