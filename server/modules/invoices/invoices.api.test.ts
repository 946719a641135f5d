import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { RefundResult } from '../../../common/schemas/refunds.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { addDiscountCode, californiaAddress, phone, setUpCharges } from '../../test/charges.ts';
import { addProduct, confirmPayment, type TestProduct } from '../../test/ordering.ts';
import { authorisedPayment, payOrder } from '../../test/paid-order.ts';
import { pdfText } from '../../test/receipt-text.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 26: each paid order gets an invoice and each refund a credit note, numbered from gapless
 * series per year taken in the transaction that records the money moving, stored as PDFs that never
 * change, downloadable by the order's customer and admins.
 */
let people: ShopWithPeople;
const app = () => people.shop.app;
let chisel: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople();
  await setUpCharges(app(), people.admin);
  chisel = await addProduct(people.shop.db, { name: 'Paring chisel', priceCents: 3333, minQuantity: 1, availQuantity: 10_000, weightGrams: 300 });
});
afterAll(() => people.shop.close());

const year = new Date().getUTCFullYear();
const sequenceOf = (number: string) => Number(number.split('-')[2]);

/** A customer's Buy Now order of chisels to California, placed and not paid. */
async function placed(who: TestAccount, quantity = 3, discountCode?: string): Promise<Order> {
  const res = await call(app(), 'POST', '/api/orders', who, { productId: chisel.id, quantity, phone, shippingAddress: californiaAddress, ...(discountCode && { discountCode }) });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<Order>();
}

const detailsOf = async (who: TestAccount, id: string) => (await call(app(), 'GET', `/api/orders/${id}/details`, who)).json<OrderDetails>();

describe(`invoice and credit note numbers (${testDialect})`, () => {
  it('are gapless when 50 orders are paid at once, and again when 20 of them are refunded at once', { timeout: 180_000 }, async () => {
    const customers: TestAccount[] = [];
    for (let index = 0; index < 50; index += 1) customers.push(await signUp(app(), `Invoiced Customer ${index}`));
    const orders = await Promise.all(customers.map((customer) => placed(customer, 1)));
    await Promise.all(orders.map((order, index) => payOrder(app(), customers[index]!, order._id)));

    const paid = await Promise.all(orders.map((order, index) => detailsOf(customers[index]!, order._id)));
    const invoiceNumbers = paid.map((details) => details.order.invoiceNumber!);
    for (const number of invoiceNumbers) expect(number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(new Set(invoiceNumbers).size).toBe(50);
    const sequences = invoiceNumbers.map(sequenceOf).sort((a, b) => a - b);
    // This file's shop issued no invoice before: 1 to 50, none missing, none twice.
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    // Each invoice, and the document it was written as, carries its order's number (on PostgreSQL
    // given at the commit, ADR 067), and nothing of the number it waited under.
    const invoices = await people.shop.db
      .selectFrom('invoices')
      .select(['order_id', 'number', 'document'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order._id),
      )
      .execute();
    expect(invoices.map((invoice) => [invoice.number, (JSON.parse(invoice.document) as { number: string }).number]).sort()).toEqual(
      invoiceNumbers.map((number) => [number, number]).sort(),
    );
    for (const invoice of invoices) expect(invoice.document).not.toContain('pending-');

    const refunds = await Promise.all(
      paid.slice(0, 20).map((details) =>
        call(app(), 'POST', `/api/orders/${details.order._id}/refunds`, people.admin, {
          lines: [{ lineId: details.order.lines[0]!.lineId, quantity: 1 }],
          reason: 'Returned unused',
          restock: true,
          idempotencyKey: crypto.randomUUID(),
        }),
      ),
    );
    for (const refund of refunds) expect(refund.statusCode, refund.body).toBe(201);
    const credited = await Promise.all(paid.slice(0, 20).map((details, index) => detailsOf(customers[index]!, details.order._id)));
    const noteNumbers = credited.map((details) => details.refunds[0]!.creditNoteNumber!);
    for (const number of noteNumbers) expect(number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect(noteNumbers.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
});

describe('the payment’s answer', () => {
  it('carries the number its invoice was given (on PostgreSQL at the commit, after the answer was made)', async () => {
    const dana = await signUp(app(), 'Dana Customer');
    const order = await placed(dana);
    const transactionId = await authorisedPayment(app(), dana, order._id);
    const res = await confirmPayment(app(), dana, order._id, transactionId);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json<Order>();
    expect(answered.invoiceNumber).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(answered.invoiceNumber).toBe((await detailsOf(dana, order._id)).order.invoiceNumber);
  });
});

describe('an issued document', () => {
  it('cannot be changed or deleted: the database refuses it', async () => {
    const carol = await signUp(app(), 'Carol Customer');
    const order = await placed(carol);
    await payOrder(app(), carol, order._id);
    const { db } = people.shop;
    await expect(db.updateTable('invoices').set({ total_cents: 1 }).where('order_id', '=', order._id).execute()).rejects.toThrow(/never changes/);
    await expect(db.updateTable('invoices').set({ document: '{}' }).where('order_id', '=', order._id).execute()).rejects.toThrow(/never changes/);
    // Nor its number, whichever form the new one takes.
    const { number } = await db.selectFrom('invoices').select('number').where('order_id', '=', order._id).executeTakeFirstOrThrow();
    for (const renumbered of [`INV-${year}-999998`, `pending-${order._id}`]) {
      await expect(
        db
          .updateTable('invoices')
          .set((eb) => ({ number: renumbered, document: eb.fn<string>('replace', ['document', eb.val(number), eb.val(renumbered)]) }))
          .where('order_id', '=', order._id)
          .execute(),
      ).rejects.toThrow(/never changes/);
    }
    await expect(db.deleteFrom('invoices').where('order_id', '=', order._id).execute()).rejects.toThrow(/never changes/);
    expect(await db.selectFrom('invoices').select('total_cents').where('order_id', '=', order._id).executeTakeFirst()).toBeDefined();
  });
});

describe('the invoice and the credit note as PDFs', () => {
  it('are readable, carry their numbers, the seller, the buyer, the lines, the discount, the tax per rate and the totals', async () => {
    const code = `INVOICE${testDialect.toUpperCase()}`;
    await addDiscountCode(app(), people.admin, { code, kind: 'percent', value: 10 });
    const carol = await signUp(app(), 'Carol Customer');
    const order = await placed(carol, 3, code);
    await payOrder(app(), carol, order._id);
    const { order: paid } = await detailsOf(carol, order._id);

    const invoice = await call(app(), 'GET', `/api/orders/${order._id}/invoice`, carol);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`);
    const { text } = await pdfText(invoice.rawPayload);
    for (const expected of [
      'INVOICE',
      paid.invoiceNumber!,
      `Order ${order.orderNumber}`,
      'Joinery Tool Works',
      'Portland, OR 97209',
      'Carol Customer',
      '1 Redwood Way',
      'Paring chisel',
      // 3 × $33.33 less 10 %, taxed at 7.25 % in California; Standard shipping $9.
      '-$10.00',
      '7.25%',
      '$89.99',
      '$6.52',
      '$9.00',
      '$105.51',
    ]) {
      expect(text, expected).toContain(expected);
    }

    // Drawn once: the download is the same bytes every time, and to an admin.
    const again = await call(app(), 'GET', `/api/orders/${order._id}/invoice`, people.admin);
    expect(Buffer.compare(again.rawPayload, invoice.rawPayload)).toBe(0);

    const refund = await call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, {
      amount: 20,
      reason: 'Arrived scratched',
      restock: 0,
      idempotencyKey: crypto.randomUUID(),
    });
    const { refund: made } = refund.json<RefundResult>();
    const note = await call(app(), 'GET', `/api/refunds/${made.id}/credit-note`, carol);
    expect(note.statusCode).toBe(200);
    const { text: noteText } = await pdfText(note.rawPayload);
    const { refunds } = await detailsOf(carol, order._id);
    for (const expected of ['CREDIT NOTE', refunds[0]!.creditNoteNumber!, `Corrects invoice ${paid.invoiceNumber!}`, 'Arrived scratched', '$20.00']) {
      expect(noteText, expected).toContain(expected);
    }
  });

  it('are the order’s customer’s and admins’ only, and an unpaid order has no invoice yet', async () => {
    const carol = await signUp(app(), 'Carol Customer');
    const oscar = await signUp(app(), 'Oscar Other');
    const order = await placed(carol);
    const unpaid = await call(app(), 'GET', `/api/orders/${order._id}/invoice`, carol);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json<{ code: string }>().code).toBe('NO_INVOICE');
    await payOrder(app(), carol, order._id);
    expect((await call(app(), 'GET', `/api/orders/${order._id}/invoice`, oscar)).statusCode).toBe(404);
    expect((await call(app(), 'GET', `/api/orders/${order._id}/invoice`)).statusCode).toBe(401);
    const refund = (
      await call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, { amount: 5, reason: 'Goodwill', restock: 0, idempotencyKey: crypto.randomUUID() })
    ).json<RefundResult>();
    expect((await call(app(), 'GET', `/api/refunds/${refund.refund.id}/credit-note`, oscar)).statusCode).toBe(404);
    expect((await call(app(), 'GET', `/api/refunds/${refund.refund.id}/credit-note`, people.admin)).statusCode).toBe(200);
  });

  it('are drawn once: ten downloads at once of a credit note never drawn all get the PDF that is kept', async () => {
    const carol = await signUp(app(), 'Carol Customer');
    const order = await placed(carol);
    await payOrder(app(), carol, order._id);
    const refund = (
      await call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, { amount: 5, reason: 'Goodwill', restock: 0, idempotencyKey: crypto.randomUUID() })
    ).json<RefundResult>();
    const downloads = await Promise.all(Array.from({ length: 10 }, () => call(app(), 'GET', `/api/refunds/${refund.refund.id}/credit-note`, carol)));
    expect(downloads.map((download) => download.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const kept = await people.shop.db.selectFrom('credit_notes').select('pdf').where('refund_id', '=', refund.refund.id).executeTakeFirstOrThrow();
    for (const download of downloads) expect(download.rawPayload.equals(Buffer.from(kept.pdf!))).toBe(true);
  });

  it('keep what they said when the seller or the product changes later', async () => {
    const carol = await signUp(app(), 'Carol Customer');
    const order = await placed(carol);
    await payOrder(app(), carol, order._id);
    const before = (await call(app(), 'GET', `/api/orders/${order._id}/invoice`, carol)).rawPayload;
    const settings = (await call(app(), 'GET', '/api/shop-settings', people.admin)).json<{ seller: { name: string } }>();
    const moved = await call(app(), 'PUT', '/api/shop-settings', people.admin, {
      ...settings,
      seller: { name: 'Someone Else Ltd', address: { name: 'Someone Else Ltd', line1: '1 Other Street', city: 'Salem', region: 'US-OR', postalCode: '97301', country: 'US' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    try {
      const after = (await call(app(), 'GET', `/api/orders/${order._id}/invoice`, carol)).rawPayload;
      expect(Buffer.compare(after, before)).toBe(0);
      expect((await pdfText(after)).text).not.toContain('Someone Else Ltd');
    } finally {
      await call(app(), 'PUT', '/api/shop-settings', people.admin, settings);
    }
  });
});

describe('an invoice number past 999,999 in a year', () => {
  it('keeps every digit, in the order, the invoice, its document and its PDF', async () => {
    await people.shop.db
      .insertInto('document_series')
      .values({ kind: 'INV', year, last_number: 999_999 })
      .onConflict((conflict) => conflict.columns(['kind', 'year']).doUpdateSet({ last_number: 999_999 }))
      .execute();
    const carol = await signUp(app(), 'Carol Customer');
    const order = await placed(carol);
    await payOrder(app(), carol, order._id);
    const expected = `INV-${year}-1000000`;
    expect((await detailsOf(carol, order._id)).order.invoiceNumber).toBe(expected);
    const invoice = await people.shop.db.selectFrom('invoices').select(['number', 'document']).where('order_id', '=', order._id).executeTakeFirstOrThrow();
    expect(invoice.number).toBe(expected);
    expect((JSON.parse(invoice.document) as { number: string }).number).toBe(expected);
    const pdf = await call(app(), 'GET', `/api/orders/${order._id}/invoice`, carol);
    expect(pdf.headers['content-disposition']).toContain(`${expected}.pdf`);
    expect((await pdfText(pdf.rawPayload)).text).toContain(expected);
  });
});
