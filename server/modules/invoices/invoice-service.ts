import { z } from 'zod';
import { dollarsToCents } from '../../../common/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../errors.ts';
import type { OrderCaller } from '../../plugins/route-access.ts';
import { isRecordId } from '../../record-id.ts';
import { defineTask } from '../jobs/job-queue.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { PricingSettingsRepository } from '../pricing/pricing-settings-repository.ts';
import { creditNoteDocument, type InvoiceDocument, invoiceDocument } from './invoice-document.ts';
import type { InvoiceRepository } from './invoice-repository.ts';

const drawDocumentTask = 'draw-document';

const drawDocumentSchema = z.object({ kind: z.enum(['invoice', 'credit-note']), id: z.string() });
type DrawDocument = z.infer<typeof drawDocumentSchema>;

/** A document as a download or an attachment: its file name and its PDF. */
export interface DocumentFile {
  fileName: string;
  pdf: Buffer;
}

export interface InvoiceServiceParts {
  invoices: InvoiceRepository;
  settings: Pick<PricingSettingsRepository, 'settings'>;
  orders: Pick<OrderService, 'get'>;
  clock: Clock;
}

/**
 * Invoices and credit notes (ADR 038). An order's invoice is issued in the transaction that records
 * its payment taken, a refund's credit note in the one that records the refund made, each with the
 * next number of its gapless yearly series and its content fixed there; its PDF is drawn once, when
 * it is first needed (the receipt e-mail that attaches it, or a download), kept, and never drawn
 * again. No job draws it ahead: that was a second drawing racing the receipt's for every payment (ADR 060).
 */
export function createInvoiceService({ invoices, settings, orders, clock }: InvoiceServiceParts) {
  /** A document's PDF, drawn and kept if it has none yet; `found` is the document when the caller has just read it. */
  async function drawn(kind: DrawDocument['kind'], id: string, found?: { document: string; pdf: Buffer | null }): Promise<Buffer> {
    found ??= await invoices.findDocument(kind, id);
    if (!found) throw notFound('There is no such document.');
    if (found.pdf) return Buffer.from(found.pdf);
    // The PDF library is loaded with the first document drawn, not at start.
    const { invoicePdf } = await import('./invoice-pdf.ts');
    const document = JSON.parse(found.document) as InvoiceDocument;
    return invoices.keepPdf(kind, id, Buffer.from(invoicePdf(document)));
  }

  async function sellerIn(transaction: Database) {
    return (await settings.settings(transaction)).seller;
  }

  const events: Pick<OrderEvents, 'paid' | 'refunded'> = {
    async paid(transaction, order) {
      const seller = await sellerIn(transaction);
      const issuedAt = clock().toISOString();
      await invoices.issueInvoice(transaction, order._id, issuedAt, (number) => ({
        document: JSON.stringify(invoiceDocument(order, seller, { number, issuedAt })),
        totalCents: dollarsToCents(order.totals.total),
        taxCents: dollarsToCents(order.totals.tax),
      }));
    },

    async refunded(transaction, order, refund) {
      const [seller, invoice] = await Promise.all([sellerIn(transaction), invoices.invoiceOf(order._id, transaction)]);
      const issuedAt = clock().toISOString();
      const amountCents = dollarsToCents(refund.amount);
      await invoices.issueCreditNote(transaction, { refundId: refund.id, orderId: order._id, invoiceId: invoice?.id ?? null }, issuedAt, (number) => {
        const document = creditNoteDocument(order, seller, { amountCents, reason: refund.reason, pieces: refund.pieces }, { number, issuedAt, invoiceNumber: invoice?.number });
        return { document: JSON.stringify(document), amountCents, taxCents: document.totals.taxCents };
      });
    },
  };

  return {
    /** Issues invoices and credit notes as orders are paid and refunded. */
    events,

    /** An order's invoice, to the order's customer (or the guest with its key) and to admins; an order without one answers 409. */
    async invoiceFor(caller: OrderCaller, orderId: string): Promise<DocumentFile> {
      const order = await orders.get(caller, orderId);
      const invoice = await invoices.invoiceOf(order._id);
      if (!invoice)
        throw conflict(order.paymentStatus === 'paid' ? 'This order was paid before the shop issued invoices.' : 'This order has no invoice until it is paid.', 'NO_INVOICE');
      return { fileName: `${invoice.number}.pdf`, pdf: await drawn('invoice', invoice.id, invoice) };
    },

    /** A refund's credit note, to its order's customer and to admins; someone else's answers 404. */
    async creditNoteFor(caller: OrderCaller, refundId: string): Promise<DocumentFile> {
      const note = isRecordId(refundId) ? await invoices.creditNoteOfRefund(refundId) : undefined;
      if (!note) throw notFound('There is no credit note for that refund.');
      await orders.get(caller, note.order_id);
      return { fileName: `${note.number}.pdf`, pdf: await drawn('credit-note', note.id, note) };
    },

    /** The invoice of a paid order, as the receipt e-mail attaches it; none for an order without one. */
    async invoiceAttachment(orderId: string): Promise<DocumentFile | undefined> {
      const invoice = await invoices.invoiceOf(orderId);
      return invoice && { fileName: `${invoice.number}.pdf`, pdf: await drawn('invoice', invoice.id, invoice) };
    },

    creditNoteNumbersOf: (orderId: string) => invoices.creditNoteNumbersOf(orderId),

    /** Draws and keeps a document's PDF, if it has none yet. */
    draw: (kind: DrawDocument['kind'], id: string) => drawn(kind, id),
  };
}

/**
 * The job that drew a document's PDF once it was issued, before ADR 060: kept so that the jobs queued
 * then still find their task; nothing queues it any more. It reaches the service in the finished shop.
 */
export function drawDocumentTaskDefinition(service: () => Pick<InvoiceService, 'draw'>) {
  return defineTask<DrawDocument>({
    name: drawDocumentTask,
    payload: drawDocumentSchema,
    describe: (job) => `Draw the PDF of ${job.kind} ${job.id}`,
    async handler(job) {
      await service().draw(job.kind, job.id);
    },
  });
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
