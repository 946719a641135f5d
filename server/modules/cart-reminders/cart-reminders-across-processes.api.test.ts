import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createShop, type Shop } from '../../shop.ts';
import { signUp } from '../../test/accounts.ts';
import { added } from '../../test/cart-checkout.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct } from '../../test/ordering.ts';
import { useSharedDatabase } from '../../test/shared-database.ts';
import { testSettings } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Two server processes on one database, each sweeping for due cart reminders many times at the same
 * moment (50 sweeps at once on PostgreSQL): each cart's reminder is claimed by one sweep only, so every
 * customer gets exactly one first reminder, then exactly one second, and never a third.
 */
const shared = useSharedDatabase();
/** One data folder for both processes: their mail outboxes, and the secret their links are signed with, are one. */
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-cart-reminders-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Process {
  shop: Shop;
  app: FastifyInstance;
}

const hour = 3_600_000;

describe(`cart reminders with two processes (${testDialect})`, () => {
  it('sends each untouched cart one reminder, then one more, however many sweeps run at once', { timeout: 120_000 }, async () => {
    const clock = createTestClock(new Date());
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, ...testSettings, CART_REMINDER_HOURS: '24', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      path.join(dataDir, 'no-web-build'),
    );
    const start = async (database: DatabaseHandle): Promise<Process> => {
      const shop = createShop(config, { database, clock, logger: false, jobs: { startRunner: false } });
      const app = await buildApp(shop);
      await app.ready();
      return { shop, app };
    };
    const first = await start(shared.database);
    const second = await start(shared.secondConnection);
    try {
      const product = await addProduct(shared.database.db, { name: 'Marking gauge', priceCents: 3850, minQuantity: 1, availQuantity: 1000 });
      const customers = [];
      for (let index = 0; index < 12; index += 1) {
        const customer = await signUp((index % 2 === 0 ? first : second).app, 'Two Process Customer');
        await added((index % 2 === 0 ? second : first).app, customer, product.id, 1 + index);
        customers.push(customer);
      }

      // 50 sweeps at once, half in each process, on PostgreSQL; on SQLite, whose one writer makes
      // processes take turns anyway (and whose two test connections share one thread, so that one
      // waiting on the other's lock would wait for ever), the 50 one after the other, alternating.
      const sweep = (index: number) => (index % 2 === 0 ? first : second).shop.cartReminders.sendDue();
      const sweeps = async () => {
        const indexes = Array.from({ length: 50 }, (_, index) => index);
        const results =
          testDialect === 'postgres'
            ? await Promise.all(indexes.map(sweep))
            : await indexes.reduce(async (done, index) => [...(await done), await sweep(index)], Promise.resolve<number[]>([]));
        for (const process of [first, second]) await process.app.jobs.runDueJobs();
        await first.app.jobs.waitUntilIdle();
        return results.reduce((sum, sent) => sum + sent, 0);
      };
      const remindersOf = (email: string) => outboxMessages(dataDir).filter((mail) => mail.to === email && mail.text.includes('Marking gauge'));

      clock.advance(24 * hour + 60_000);
      expect(await sweeps()).toBe(customers.length);
      for (const customer of customers)
        expect(
          remindersOf(customer.email).map((mail) => mail.subject),
          customer.email,
        ).toEqual(['Your Joinery cart is waiting']);

      clock.advance(48 * hour);
      expect(await sweeps()).toBe(customers.length);
      clock.advance(30 * 24 * hour);
      expect(await sweeps()).toBe(0);
      for (const customer of customers) {
        expect(
          remindersOf(customer.email).map((mail) => mail.subject),
          customer.email,
        ).toEqual(['Your Joinery cart is waiting', 'Still thinking it over? Your cart is kept']);
      }
      const recorded = await shared.database.db
        .selectFrom('cart_reminder_mails')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(recorded.count)).toBe(customers.length * 2);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });
});
