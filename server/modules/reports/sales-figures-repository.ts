import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { asOneStatement, paymentStatements, refundStatements } from '../../db/sales-figures.ts';

/** Where the id of the one order or refund goes in a statement, bound as a parameter. */
const idMarker = '__id__';

/** A statement's text cut where the id goes (once in each statement of the figures, so as often as it joins them). */
type CutStatement = readonly string[];

/** The statements for each database: PostgreSQL's as one (each round trip costs the shop CPU, issue 30), SQLite's one by one. */
interface ForEachDatabase {
  postgres: readonly CutStatement[];
  sqlite: readonly CutStatement[];
}

function forEachDatabase(statements: readonly string[]): ForEachDatabase {
  const cut = (statement: string) => statement.split(idMarker);
  return { postgres: [cut(asOneStatement(statements))], sqlite: statements.map(cut) };
}

// Made once: the text of each statement is the recount's own, narrowed to one order or one refund.
// PostgreSQL adds a payment's figures itself, at the commit (migration 043, ADR 065).
const onePayment: ForEachDatabase = { postgres: [], sqlite: forEachDatabase(paymentStatements(`o.id = ${idMarker}`)).sqlite };
const oneRefund = forEachDatabase(refundStatements(`r.id = ${idMarker}`));

async function runFor(transaction: Database, statements: ForEachDatabase, id: string): Promise<void> {
  for (const statement of isPostgres(transaction) ? statements.postgres : statements.sqlite) {
    // The id bound at every cut, never written into the text.
    const texts = statement.map((text) => sql.raw(text));
    await sql.join(texts, sql`${id}`).execute(transaction);
  }
}

/** The sales reports' kept figures (migration 031), changed in the transaction of the money moving. */
export const salesFiguresRepository = {
  /** Adds a paid order's figures to the day it was paid (on PostgreSQL, the commit does: nothing to send). */
  addPayment: (transaction: Database, orderId: string) => runFor(transaction, onePayment, orderId),
  /** Takes a refund made from the day it was asked for. */
  addRefund: (transaction: Database, refundId: string) => runFor(transaction, oneRefund, refundId),
};
