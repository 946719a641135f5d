import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { mailingShopEnv, mailsTo, tokenOfLink, waitForMail } from '../../test/account-mailbox.ts';
import { adminEmail, cookieFrom, signIn, signUp as signUpAs, testOrigin } from '../../test/accounts.ts';
import { call, newClientAddress } from '../../test/call.ts';
import { californiaAddress, guestCheckout, guestPays, phone, setUpCharges, withKey } from '../../test/charges.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { pdfText } from '../../test/receipt-text.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 26: a visitor checks out with an e-mail address and no account, pays, gets every e-mail, and
 * opens the order from the signed link in them; once an account with that address is confirmed, the
 * guest's orders are the account's.
 */
let standIn: SmtpStandIn;
let shop: TestApp;
let chisel: TestProduct;
const app = () => shop.app;
let guestCounter = 0;
const guestEmail = () => `guest${++guestCounter}.${testDialect}.${Date.now()}@example.com`;

beforeAll(async () => {
  standIn = await startSmtpStandIn();
  shop = await createTestApp({
    seed: false,
    env: { ...mailingShopEnv(standIn), ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'admin-pass-123', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    jobs: { pollIntervalMs: 50 },
  });
  await setUpCharges(app(), await signIn(app(), adminEmail, 'admin-pass-123'));
  chisel = await addProduct(shop.db, { name: 'Paring chisel', priceCents: 4000, minQuantity: 1, availQuantity: 100, weightGrams: 300 });
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});

/** A guest's order of two chisels to California, as the checkout page places it. */
const guestOrder = (email: string) => guestCheckout(app(), { email, phone, shippingAddress: californiaAddress, lines: [{ productId: chisel.id, quantity: 2 }] });

/** The link to the order in a message's plain text, and the key it carries. */
function orderLinkIn(text: string, orderId: string): { url: URL; key: string } {
  const link = text.match(new RegExp(`${testOrigin}/orders/${orderId}\\?key=[\\w-]+`))?.[0];
  expect(link, `a link to order ${orderId} in:\n${text}`).toBeDefined();
  const url = new URL(link!);
  return { url, key: url.searchParams.get('key')! };
}

describe(`a guest’s checkout (${testDialect})`, () => {
  it('places an unpaid order for the e-mail address given, priced on the server, answered with the key that opens it', async () => {
    const email = guestEmail();
    const order = await guestCheckout(app(), { email: email.toUpperCase(), phone, shippingAddress: californiaAddress, lines: [{ productId: chisel.id, quantity: 2 }] });
    expect(order).toMatchObject({ guest: true, email, cutomerName: 'Carol Customer', paymentStatus: 'unpaid', stage: 'unpaid' });
    // $80 of chisels, Standard shipping ($9), 7.25 % California tax on the chisels ($5.80).
    expect(order.totals).toMatchObject({ subtotal: 80, shipping: 9, tax: 5.8, total: 94.8 });
    expect(order.accessKey).toMatch(/^[\w-]{32}$/);
  });

  it('lets only the key open the order: none asks to sign in, another order’s key finds nothing', async () => {
    const first = await guestOrder(guestEmail());
    const second = await guestOrder(guestEmail());
    expect((await call(app(), 'GET', `/api/duepaymentOrder/${first._id}`)).statusCode).toBe(401);
    expect((await withKey(app(), 'GET', `/api/duepaymentOrder/${first._id}`, second.accessKey)).statusCode).toBe(404);
    expect(
      (
        await withKey(
          app(),
          'GET',
          `/api/duepaymentOrder/${first._id}`,
          first.accessKey.replace(/^./, (char) => (char === 'A' ? 'B' : 'A')),
        )
      ).statusCode,
    ).toBe(404);
    const read = await withKey(app(), 'GET', `/api/orders/${first._id}/details`, first.accessKey);
    expect(read.statusCode).toBe(200);
    expect(read.json<OrderDetails>().order._id).toBe(first._id);
    // A key opens its order, not the lists of anyone's orders.
    expect((await withKey(app(), 'GET', `/api/orders/${encodeURIComponent(first.email)}`, first.accessKey)).statusCode).toBe(401);
  });

  it('opens by its key for someone signed in to another account, as for anyone holding the link', async () => {
    const order = await guestOrder(guestEmail());
    const someone = await signUpAs(app(), 'Someone Else');
    expect((await call(app(), 'GET', `/api/duepaymentOrder/${order._id}`, someone)).statusCode).toBe(404);
    const read = await app().inject({
      method: 'GET',
      url: `/api/duepaymentOrder/${order._id}`,
      remoteAddress: newClientAddress(),
      headers: { cookie: someone.cookie, 'x-order-key': order.accessKey },
    });
    expect(read.statusCode).toBe(200);
  });

  it('is paid with the key for its total, mailed with the signed link, and the receipt carries the invoice', { timeout: 30_000 }, async () => {
    const email = guestEmail();
    const order = await guestOrder(email);
    const placedMail = await waitForMail(standIn, email, `Your Joinery order ${order.orderNumber} is waiting for payment`);
    const placedLink = orderLinkIn(placedMail.text, order._id);
    expect(placedLink.key).toBe(order.accessKey);

    await guestPays(app(), order);
    const receipt = await waitForMail(standIn, email, `Receipt for your Joinery order ${order.orderNumber}`);
    // The receipt's link opens the order, paid, with the key it carries.
    const { key } = orderLinkIn(receipt.text, order._id);
    const paid = (await withKey(app(), 'GET', `/api/orders/${order._id}/details`, key)).json<OrderDetails>().order;
    expect(paid).toMatchObject({ paymentStatus: 'paid', stage: 'to-ship', invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/) });
    expect(receipt.text).toContain('Shipping (Standard): $9.00');
    expect(receipt.text).toContain('Tax 7.25%: $5.80');
    expect(receipt.attachments).toHaveLength(1);
    expect(receipt.attachments[0]).toMatchObject({ filename: `${paid.invoiceNumber}.pdf`, contentType: 'application/pdf' });
    const attached = await pdfText(receipt.attachments[0]!.content);
    expect(attached.text).toContain(paid.invoiceNumber);
    // The invoice downloaded with the key is the one mailed.
    const download = await withKey(app(), 'GET', `/api/orders/${order._id}/invoice`, key);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, receipt.attachments[0]!.content)).toBe(0);
  });

  it('joins the account of its address once the account confirms the address', { timeout: 30_000 }, async () => {
    const email = guestEmail();
    const earlier = await guestOrder(email);
    await guestPays(app(), earlier);
    const unpaid = await guestOrder(email);

    const signUp = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: newClientAddress(),
      headers: { origin: testOrigin },
      payload: { name: 'Gwen Guest', email, password: 'a-long-pass-phrase' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const cookie = cookieFrom(signUp.headers['set-cookie']);
    const account = { email, password: 'a-long-pass-phrase', cookie };
    // Not before the address is confirmed: anyone may sign up with anyone's address.
    expect((await call(app(), 'GET', `/api/orders/${encodeURIComponent(email)}`, account)).json()).toEqual([]);

    const welcome = await waitForMail(standIn, email, 'Welcome to Joinery: please confirm your e-mail address');
    const confirmed = await app().inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(tokenOfLink(welcome, '/verifyEmail'))}`, headers: { cookie } });
    expect(confirmed.statusCode).toBeLessThan(400);
    const mine = (await call(app(), 'GET', `/api/orders/${encodeURIComponent(email)}`, account)).json<Order[]>();
    expect(mine.map((order) => order._id).sort()).toEqual([earlier._id, unpaid._id].sort());
    // Their own now: readable and payable signed in, as any of their orders.
    expect((await call(app(), 'GET', `/api/orders/${earlier._id}/details`, account)).statusCode).toBe(200);
    expect((await call(app(), 'POST', '/api/create-payment-intent', account, { orderId: unpaid._id })).statusCode).toBe(200);
    // A guest order placed later with that address joins at the next sign-in.
    const later = await guestOrder(email);
    const again = await signIn(app(), email, 'a-long-pass-phrase');
    expect((await call(app(), 'GET', `/api/orders/${encodeURIComponent(email)}`, again)).json<Order[]>().map((order) => order._id)).toContain(later._id);
    expect(mailsTo(standIn, email, `Receipt for your Joinery order ${earlier.orderNumber}`)).toHaveLength(1);
  });

  it('is refused with a message on the field for an address that is not one', async () => {
    const res = await call(app(), 'POST', '/api/cart/checkout', undefined, {
      email: 'not-an-address',
      phone,
      shippingAddress: californiaAddress,
      lines: [{ productId: chisel.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('email: Provide a valid Email');
  });
});

describe('a guest’s checkout is rate-limited like the rest', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ seed: false, env: { ORDER_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => limited?.close());

  it('refuses one client’s fourth checkout within a minute with 429', async () => {
    const product = await addProduct(limited.db, { priceCents: 1000, minQuantity: 1, availQuantity: 100 });
    const client = newClientAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/cart/checkout',
        remoteAddress: client,
        payload: { email: `rushed${attempt}@example.com`, phone, shippingAddress: californiaAddress, lines: [{ productId: product.id, quantity: 1 }] },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
