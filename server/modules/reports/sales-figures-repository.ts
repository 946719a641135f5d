import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { paymentStatements, refundStatements } from '../../db/sales-figures.ts';

/** Where the id of the one order or refund goes in a statement, bound as a parameter. */
const idMarker = '__id__';

// Made once: the text of each statement is the recount's own, narrowed to one order or one refund.
const onePayment = paymentStatements(`o.id = ${idMarker}`);
const oneRefund = refundStatements(`r.id = ${idMarker}`);

async function runFor(transaction: Database, statements: readonly string[], id: string): Promise<void> {
  for (const statement of statements) {
    const [before, after] = statement.split(idMarker) as [string, string];
    await sql`${sql.raw(before)}${id}${sql.raw(after)}`.execute(transaction);
  }
}

/** The sales reports' kept figures (migration 031), changed in the transaction of the money moving. */
export const salesFiguresRepository = {
  /** Adds a paid order's figures to the day it was paid. */
  addPayment: (transaction: Database, orderId: string) => runFor(transaction, onePayment, orderId),
  /** Takes a refund made from the day it was asked for. */
  addRefund: (transaction: Database, refundId: string) => runFor(transaction, oneRefund, refundId),
};
