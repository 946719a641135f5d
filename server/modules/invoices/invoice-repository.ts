import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { CreditNotesTable, InvoicesTable } from '../../db/schema.ts';
import { newRecordId } from '../../record-id.ts';

export type InvoiceRow = Selectable<InvoicesTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;

/** The two series the shop numbers: invoices and credit notes, each starting again at 1 every year. */
export type DocumentKind = 'INV' | 'CN';

/** A number as people read it: INV-2026-000001. */
export const documentNumber = (kind: DocumentKind, year: number, sequence: number) => `${kind}-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * Invoices and credit notes (ADR 038). Each takes the next number of its series in the transaction
 * that issues it: one upsert raises the series' row, which every other issuer of the series then waits
 * for (PostgreSQL locks the row; SQLite has one writer), so two documents never share a number, and a
 * transaction that rolls back takes its number back with it: the series has no gaps. On PostgreSQL an
 * invoice's upsert runs at the commit (migration 044), so that the row is held for the commit alone.
 */
export function createInvoiceRepository(db: Database) {
  async function nextNumber(transaction: Database, kind: DocumentKind, year: number): Promise<string> {
    const row = await transaction
      .insertInto('document_series')
      .values({ kind, year, last_number: 1 })
      .onConflict((conflict) => conflict.columns(['kind', 'year']).doUpdateSet((eb) => ({ last_number: eb('document_series.last_number', '+', 1) })))
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return documentNumber(kind, year, row.last_number);
  }

  return {
    /** The invoice of an order, if it has one. */
    invoiceOf(orderId: string, on: Database = db): Promise<InvoiceRow | undefined> {
      return on.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    },

    /**
     * Issues an order's invoice in the transaction given (the one that records the payment taken),
     * with the next number of the year's series; `made` writes its document for that number. An
     * order has one invoice: issued already, it is answered as it is. On PostgreSQL the number is
     * given at the commit (ADR 067): inside the transaction the invoice and its document carry
     * `pending-` and its id, and the order no number yet.
     */
    async issueInvoice(
      transaction: Database,
      orderId: string,
      issuedAt: string,
      made: (number: string) => { document: string; totalCents: number; taxCents: number },
    ): Promise<InvoiceRow> {
      // PostgreSQL numbers it at the commit (migration 044): until then it carries a pending number,
      // and the unique key on the order refuses a second invoice without a read first (a round trip
      // fewer on every payment). SQLite takes the number now, so it looks first: a second invoice
      // must not take a number of the series and leave a gap.
      const numberedAtCommit = isPostgres(transaction);
      if (!numberedAtCommit) {
        const existing = await this.invoiceOf(orderId, transaction);
        if (existing) return existing;
      }
      const id = newRecordId();
      const number = numberedAtCommit ? `pending-${id}` : await nextNumber(transaction, 'INV', new Date(issuedAt).getUTCFullYear());
      const { document, totalCents, taxCents } = made(number);
      const invoice = await transaction
        .insertInto('invoices')
        .values({ id, number, order_id: orderId, issued_at: issuedAt, total_cents: totalCents, tax_cents: taxCents, document, pdf: null })
        .onConflict((conflict) => conflict.column('order_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!invoice) return (await this.invoiceOf(orderId, transaction))!;
      if (!numberedAtCommit) await transaction.updateTable('orders').set({ invoice_number: number }).where('id', '=', orderId).execute();
      return invoice;
    },

    /** Issues a refund's credit note in the transaction that records the refund made; issued already, it is answered as it is. */
    async issueCreditNote(
      transaction: Database,
      refund: { refundId: string; orderId: string; invoiceId: string | null },
      issuedAt: string,
      made: (number: string) => { document: string; amountCents: number; taxCents: number },
    ): Promise<CreditNoteRow> {
      const existing = await transaction.selectFrom('credit_notes').selectAll().where('refund_id', '=', refund.refundId).executeTakeFirst();
      if (existing) return existing;
      const number = await nextNumber(transaction, 'CN', new Date(issuedAt).getUTCFullYear());
      const { document, amountCents, taxCents } = made(number);
      return transaction
        .insertInto('credit_notes')
        .values({
          id: newRecordId(),
          number,
          refund_id: refund.refundId,
          order_id: refund.orderId,
          invoice_id: refund.invoiceId,
          issued_at: issuedAt,
          amount_cents: amountCents,
          tax_cents: taxCents,
          document,
          pdf: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    creditNoteOfRefund(refundId: string): Promise<CreditNoteRow | undefined> {
      return db.selectFrom('credit_notes').selectAll().where('refund_id', '=', refundId).executeTakeFirst();
    },

    /** The numbers of an order's credit notes, by refund (`credit_notes_order_idx`). */
    async creditNoteNumbersOf(orderId: string): Promise<Map<string, string>> {
      const rows = await db.selectFrom('credit_notes').select(['refund_id', 'number']).where('order_id', '=', orderId).execute();
      return new Map(rows.map((row) => [row.refund_id, row.number]));
    },

    async findDocument(kind: 'invoice' | 'credit-note', id: string): Promise<{ document: string; pdf: Buffer | null } | undefined> {
      const table = kind === 'invoice' ? 'invoices' : 'credit_notes';
      return db.selectFrom(table).select(['document', 'pdf']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Keeps a document's PDF, once: the first drawing stored is the one every later download gets.
     * Answers the PDF kept.
     */
    async keepPdf(kind: 'invoice' | 'credit-note', id: string, pdf: Buffer): Promise<Buffer> {
      const table = kind === 'invoice' ? 'invoices' : 'credit_notes';
      const stored = await db.updateTable(table).set({ pdf }).where('id', '=', id).where('pdf', 'is', null).returning('id').executeTakeFirst();
      if (stored) return pdf;
      // Another drawing was kept first: that one is the document's.
      const kept = await db.selectFrom(table).select('pdf').where('id', '=', id).executeTakeFirstOrThrow();
      return Buffer.from(kept.pdf!);
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
