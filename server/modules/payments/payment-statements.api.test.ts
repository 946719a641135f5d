import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { type AppAt, createAppOn } from '../../test/app-at.ts';
import { addProduct, authorise, confirmPayment, createIntent, placeOrder, readOrder, type TestProduct } from '../../test/ordering.ts';
import { useSharedDatabase } from '../../test/shared-database.ts';
import { StatementRecorder } from '../../test/statement-recorder.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * What paying an order costs the database (issue 30's flash sale): each call that reads the order
 * reads it whole, header and lines, in one statement; marking it paid and recording its capture take
 * the lines from the very update that changes the order; and on PostgreSQL the invoice is issued
 * without a read before it (its order's unique key refuses a second); the local card form authorises
 * a payment without reading it first. On PostgreSQL every statement is a round trip from the shop.
 */

const shared = useSharedDatabase();
let recorder: StatementRecorder;
let shop: AppAt;
let dana: TestAccount;
let chisel: TestProduct;

beforeAll(async () => {
  const { database } = shared;
  recorder = new StatementRecorder(database.db);
  // No job runs in it: what it sends is the requests'.
  shop = await createAppOn({ ...database, db: database.db.withPlugin(recorder) }, { jobs: { startRunner: false } });
  dana = await signUp(shop.app, 'Dana Buyer');
  chisel = await addProduct(database.db, { name: 'Bench chisel', priceCents: 3400, minQuantity: 1, availQuantity: 10 });
});
afterAll(async () => {
  await shop?.close();
});

/** Statements that read an order's lines on their own, without the order they belong to. */
const linesReadAlone = (statements: string[]) => statements.filter((statement) => /\border_lines\b/.test(statement) && !/\borders\b/.test(statement.replaceAll('order_lines', '')));

describe(`paying an order (${testDialect})`, () => {
  it('reads the order whole in one statement and takes its lines from the writes that change it', async () => {
    const placed = await placeOrder(shop.app, dana, chisel.id, 2);

    recorder.clear();
    const { clientSecret, transactionId } = await createIntent(shop.app, dana, placed._id);
    const authorised = await authorise(shop.app, dana, placed._id, clientSecret);
    expect(authorised.statusCode).toBe(200);
    const confirmed = await confirmPayment(shop.app, dana, placed._id, transactionId);
    expect(confirmed.statusCode).toBe(200);
    const statements = recorder.statements();

    // The answer is whole all the same: paid, its one line of two pieces, its invoice numbered.
    expect(confirmed.json()).toMatchObject({
      paymentStatus: 'paid',
      lines: [{ product: 'Bench chisel', quantity: 2 }],
      invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    });
    expect((await readOrder(shop.app, dana, placed._id)).lines).toEqual(confirmed.json<{ lines: unknown[] }>().lines);

    expect(linesReadAlone(statements)).toEqual([]);
    // The order is read whole by each of the three calls, its lines in the same statement.
    const wholeReads = statements.filter((statement) => statement.startsWith('select "orders".*') && statement.includes('order_lines'));
    expect(wholeReads).toHaveLength(3);
    const invoiceReads = statements.filter((statement) => /^select .* from "invoices"/.test(statement));
    // SQLite numbers the invoice in the payment's transaction, so it looks for one first; PostgreSQL at the commit.
    expect(invoiceReads).toHaveLength(testDialect === 'postgres' ? 0 : 1);
    // The local card form authorises by one conditional write on the payment's secret, without reading it first.
    expect(statements.filter((statement) => /^select .* from "local_payment_intents" where "client_secret"/.test(statement))).toEqual([]);
  });
});
