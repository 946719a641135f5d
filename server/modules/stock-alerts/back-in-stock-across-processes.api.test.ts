import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppOn } from '../../test/app-at.ts';
import { call } from '../../test/call.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { useSharedDatabase } from '../../test/shared-database.ts';
import { stockAlertTokenIn } from '../../test/stock-alert-mail.ts';
import { testDialect } from '../../test/test-database.ts';
import { addVariantProduct, restock } from '../../test/variant-products.ts';
import { notifyBackInStockTask } from './back-in-stock-task.ts';

/**
 * Two server processes on one database, each running the back-in-stock job at the same moment, more
 * than once: when the stock returns, each waiting address gets its e-mail once.
 */
const shared = useSharedDatabase();
/** One data folder for both processes, so that their mail outboxes are one. */
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-back-in-stock-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the back-in-stock job with two processes', () => {
  it('sends each waiting address one e-mail when the stock returns', { timeout: 60_000 }, async () => {
    const settings = { env: { DATA_DIR: dataDir }, jobs: { startRunner: false } };
    const first = await createAppOn(shared.database, settings);
    const second = await createAppOn(shared.secondConnection, settings);
    try {
      const product = await addVariantProduct(shared.database.db, {
        name: 'Carving gouge',
        options: [{ name: 'Sweep', values: ['No. 5', 'No. 7'] }],
        variants: [
          { choice: { Sweep: 'No. 5' }, stock: 0 },
          { choice: { Sweep: 'No. 7' }, stock: 0 },
        ],
      });
      const addresses = Array.from({ length: 12 }, (_, index) => `gouge.waiter${index}@example.com`);
      for (const [index, email] of addresses.entries()) {
        // Asked on either process, confirmed on the other.
        const [asked, confirmedOn] = index % 2 === 0 ? [first, second] : [second, first];
        expect((await call(asked.app, 'POST', '/api/stock-alerts', undefined, { productId: product.id, variantId: product.variantIds[0], email })).statusCode).toBe(202);
        await asked.app.jobs.runDueJobs();
        const confirmation = outboxMessages(dataDir).find((mail) => mail.to === email && mail.subject.startsWith('Confirm'));
        const token = stockAlertTokenIn(confirmation!.text, 'confirm');
        expect((await call(confirmedOn.app, 'POST', '/api/stock-alerts/confirm', undefined, { token })).statusCode).toBe(200);
      }

      await restock(shared.database.db, product.id, product.variantIds[0]!, 10);
      // Each process has its own run of the job at the same moment (as when a schedule was missed and
      // both catch up), so that their claims meet; on SQLite, whose one writer makes processes take
      // turns anyway, one after the other (see jobs-across-processes.api.test.ts).
      const bothRun = async () => {
        await first.app.jobs.enqueue(shared.database.db, notifyBackInStockTask, {});
        await second.app.jobs.enqueue(shared.secondConnection.db, notifyBackInStockTask, {});
        if (testDialect === 'postgres') await Promise.all([first.app.jobs.runDueJobs(), second.app.jobs.runDueJobs()]);
        else for (const { app } of [first, second]) await app.jobs.runDueJobs();
      };
      for (let round = 0; round < 3; round += 1) await bothRun();
      await first.app.jobs.runDueJobs();
      await second.app.jobs.runDueJobs();
      await first.app.jobs.waitUntilIdle();

      for (const email of addresses) {
        const sent = outboxMessages(dataDir).filter((mail) => mail.to === email && mail.subject === 'Back in stock: Carving gouge (Sweep No. 5)');
        expect(sent, email).toHaveLength(1);
      }
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
