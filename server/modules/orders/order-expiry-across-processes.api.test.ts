import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppOn } from '../../test/app-at.ts';
import { useSharedDatabase } from '../../test/shared-database.ts';
import { signUp } from '../../test/accounts.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct, localPayment, orderRow, placeOrder } from '../../test/ordering.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { testDialect } from '../../test/test-database.ts';
import { authorisedPayment } from '../../test/paid-order.ts';

/**
 * Two server processes on one database, both running the expiry sweep's schedule at the same
 * moments: each stale order is expired once, its customer told once, its card hold released.
 */
const shared = useSharedDatabase();
/** One data folder for both processes, so that their mail outboxes are one. */
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-expiry-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the expiry sweep with two processes', () => {
  it('expires a stale order once, with one notice and its payment released', { timeout: 30_000 }, async () => {
    const clock = createTestClock(new Date());
    const settings = { clock, env: { DATA_DIR: dataDir, UNPAID_ORDER_HOURS: '72', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, jobs: { startRunner: false } };
    const first = await createAppOn(shared.database, settings);
    const second = await createAppOn(shared.secondConnection, settings);
    try {
      const customer = await signUp(first.app, 'Tess Twice');
      const product = await addProduct(shared.database.db, { minQuantity: 1, availQuantity: 100 });
      const orders = [await placeOrder(first.app, customer, product.id, 1), await placeOrder(first.app, customer, product.id, 2)];
      const held = await authorisedPayment(first.app, customer, orders[0]!._id);

      clock.advance(72 * 3_600_000 + 15 * 60_000);
      // Both look at the same moment on PostgreSQL; on SQLite, whose one writer makes processes
      // take turns anyway, one after the other (see jobs-across-processes.api.test.ts).
      const bothRun = async () => {
        if (testDialect === 'postgres') await Promise.all([first.app.jobs.runDueJobs(), second.app.jobs.runDueJobs()]);
        else for (const app of [first.app, second.app]) await app.jobs.runDueJobs();
      };
      for (let round = 0; round < 3; round += 1) await bothRun();
      await first.app.jobs.waitUntilIdle();

      for (const order of orders) {
        expect(await orderRow(shared.database.db, order._id)).toMatchObject({ cancel_reason: 'expired' });
        const notices = outboxMessages(dataDir).filter((mail) => mail.subject === `Your unpaid Joinery order ${order.orderNumber} has expired`);
        expect(notices).toHaveLength(1);
      }
      expect((await localPayment(shared.database.db, held))?.status).toBe('canceled');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
