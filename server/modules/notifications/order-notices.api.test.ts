import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import { systemClock } from '../../clock.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createAppOn } from '../../test/app-at.ts';
import { createShopWithPeople, signUp, type ShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { addProduct, confirmPayment, placeOrder, shipping, type TestProduct } from '../../test/ordering.ts';
import { mailsWithSubject, shopInbox, shopMailEnv, shopPublicUrl } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createMailer } from '../mail/mailer.ts';
import { combineOrderEvents, type OrderEvents } from '../orders/order-events.ts';
import { createOrderRepository } from '../orders/order-repository.ts';
import { createOrderService } from '../orders/order-service.ts';
import { createProductRepository } from '../products/product-repository.ts';
import { orderServiceParts } from '../../test/order-service-parts.ts';
import { createOrderNotices } from './order-notices.ts';
import { call } from '../../test/call.ts';
import { payOrder } from '../../test/paid-order.ts';

/**
 * What a customer (and the shop) hears as an order moves on, through a real SMTP server: each notice
 * once, to the right person, with the order's lines and total, and only for changes that committed.
 */
let standIn: SmtpStandIn;
let people: ShopWithPeople;
let carol: TestAccount;
/** $12.50 a piece, at least 2. */
let chisel: TestProduct;

beforeAll(async () => {
  standIn = await startSmtpStandIn();
  people = await createShopWithPeople({ env: shopMailEnv(standIn), jobs: { pollIntervalMs: 50 } });
  ({ carol } = people);
  chisel = await addProduct(people.shop.db, { name: 'Bevel-edge chisel 19 mm', priceCents: 1250, minQuantity: 2, availQuantity: 1000 });
});
afterAll(async () => {
  await people?.shop.close();
  await standIn?.close();
});

const app = () => people.shop.app;
/** Every queued message has been handed to the mail server. */
const allSent = () => app().jobs.waitUntilIdle();
/**
 * Each test's shop numbers its orders from J-1042, so an order's mails are told apart by their
 * number and their recipient: its customer or the shop.
 */
const mailsAbout = (order: Order) => standIn.received.filter((mail) => mail.subject.includes(order.orderNumber) && (mail.to.includes(order.email) || mail.to.includes(shopInbox)));

/** The one message with this subject to this address: there must be exactly one. */
function theMail(subject: string, to: string) {
  const mails = mailsWithSubject(standIn, subject).filter((mail) => mail.to.includes(to));
  expect(
    mails.map((mail) => mail.to),
    subject,
  ).toHaveLength(1);
  return mails[0]!;
}

/** The order's table as the plain-text part shows it: 3 chisels at $12.50. */
function expectThreeChisels(text: string) {
  expect(text).toContain('Bevel-edge chisel 19 mm: 3 × $12.50 = $37.50');
  expect(text).toContain('Total: $37.50');
}

const advance = (order: Order, shippingStatus: 'shipped' | 'delivered', shipment: object = {}) =>
  call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, people.admin, { shippingStatus, ...shipment });
const byUps = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };

describe('placing an order', () => {
  it('sends the customer one message with the lines, the total and the link to pay', async () => {
    const order = await placeOrder(app(), carol, chisel.id, 3);
    await allSent();

    const mail = theMail(`Your Joinery order ${order.orderNumber} is waiting for payment`, order.email);
    expect(mail.to).toEqual([carol.email]);
    expectThreeChisels(mail.text);
    expect(mail.text).toContain(`Pay for this order: ${shopPublicUrl}/dashboard/payment/${order._id}`);
    expect(mail.html).toContain(`href="${shopPublicUrl}/dashboard/payment/${order._id}"`);
    // Nothing else yet: the shop hears only of paid orders.
    expect(mailsAbout(order)).toHaveLength(1);
  });

  it('sends nothing when the transaction that places the order fails after queueing the message', async () => {
    const fay = await signUp(app(), 'Fay Failing');
    const user = await people.shop.db.selectFrom('user').select(['id', 'name', 'email']).where('email', '=', fay.email).executeTakeFirstOrThrow();
    const parts = orderServiceParts(people.shop.db);
    const notices = createOrderNotices({ mailer: createMailer(app().jobs), linkOf: (order) => parts.keys.linkOf(order), publicUrl: shopPublicUrl, shopNotifyEmail: shopInbox });
    // The message is queued, then the transaction fails before it commits.
    const failing: Omit<OrderEvents, 'authorised'> = {
      ...notices,
      async placed(transaction, order) {
        await notices.placed(transaction, order);
        throw new Error('the disk is full');
      },
    };
    const orders = createOrderService(createOrderRepository(people.shop.db), createProductRepository(people.shop.db), systemClock, combineOrderEvents(failing), parts);

    await expect(
      orders.place({ ...user, role: 'user', staffRole: null, twoFactorEnabled: false, emailVerified: true }, { productId: chisel.id, quantity: 3, ...shipping }),
    ).rejects.toThrow('the disk is full');
    await allSent();
    // Her welcome (sent when she signed up) arrives; nothing about an order does.
    expect(standIn.received.filter((mail) => mail.to.includes(fay.email)).map((mail) => mail.subject)).toEqual(['Welcome to Joinery: please confirm your e-mail address']);
    expect(await people.shop.db.selectFrom('orders').select('id').where('email', '=', fay.email).execute()).toEqual([]);
  });
});

describe('paying for an order', () => {
  it('sends the customer one receipt and the shop one notice, however often the payment is confirmed', async () => {
    const order = await placeOrder(app(), carol, chisel.id, 3);
    const transactionId = await payOrder(app(), carol, order._id);
    const again = await confirmPayment(app(), carol, order._id, transactionId);
    expect(again.statusCode).toBe(200);
    await allSent();

    const receipt = theMail(`Receipt for your Joinery order ${order.orderNumber}`, order.email);
    expect(receipt.to).toEqual([carol.email]);
    expectThreeChisels(receipt.text);
    expect(receipt.text).toContain(`reference ${transactionId}`);
    expect(receipt.text).toContain(`See my order: ${shopPublicUrl}/dashboard/orders/${order._id}`);

    const notice = theMail(`New paid order ${order.orderNumber} from Carol Customer`, shopInbox);
    expect(notice.to).toEqual([shopInbox]);
    expectThreeChisels(notice.text);
    expect(notice.text).toContain(`Carol Customer (${carol.email}) paid for an order.`);
    expect(notice.text).toContain(`Ship to: ${shipping.adress}`);
    expect(notice.text).toContain(`Open Manage Orders: ${shopPublicUrl}/dashboard/manageorder`);

    // Placed, receipt, notice.
    expect(mailsAbout(order)).toHaveLength(3);
  });

  it('sends no notice to the shop when SHOP_NOTIFY_EMAIL is unset, and the customer still gets the receipt', async () => {
    const quiet = await createAppOn(people.shop.database, { env: { ...shopMailEnv(standIn), SHOP_NOTIFY_EMAIL: '' }, jobs: { pollIntervalMs: 50 } });
    try {
      const quinn = await signUp(quiet.app, 'Quinn Quiet');
      const order = await placeOrder(quiet.app, quinn, chisel.id, 3);
      await payOrder(quiet.app, quinn, order._id);
      await quiet.app.jobs.waitUntilIdle();

      expect(theMail(`Receipt for your Joinery order ${order.orderNumber}`, order.email).to).toEqual([quinn.email]);
      expect(mailsWithSubject(standIn, `New paid order ${order.orderNumber} from Quinn Quiet`)).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('shipping an order', () => {
  it('tells the customer once when it is shipped and once when it is delivered', async () => {
    const order = await placeOrder(app(), carol, chisel.id, 3);
    await payOrder(app(), carol, order._id);

    expect((await advance(order, 'shipped', byUps)).statusCode).toBe(200);
    // A second click on Shipped changes nothing, and says nothing.
    expect((await advance(order, 'shipped', byUps)).statusCode).toBe(409);
    await allSent();
    const shipped = theMail(`Your Joinery order ${order.orderNumber} is on its way`, order.email);
    expect(shipped.to).toEqual([carol.email]);
    expectThreeChisels(shipped.text);
    expect(shipped.text).toContain(`A parcel with the tools below has left our workshop for ${shipping.adress}.`);
    // The carrier, the tracking number and the carrier's page for it.
    expect(shipped.text).toContain('UPS is carrying it, tracking number 1Z999AA10123456784.');
    expect(shipped.text).toContain('Track it with UPS: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(shipped.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(shipped.text).toContain(`Your order at Joinery: ${shopPublicUrl}/dashboard/orders/${order._id}`);

    expect((await advance(order, 'delivered')).statusCode).toBe(200);
    await allSent();
    const delivered = theMail(`Your Joinery order ${order.orderNumber} was delivered`, order.email);
    expect(delivered.to).toEqual([carol.email]);
    expectThreeChisels(delivered.text);

    // Placed, receipt, notice, shipped, delivered.
    expect(mailsAbout(order)).toHaveLength(5);
  });

  it('names a carrier without a tracking page, and links to the order instead', async () => {
    const order = await placeOrder(app(), carol, chisel.id, 3);
    await payOrder(app(), carol, order._id);
    expect((await advance(order, 'shipped', { carrier: 'Parcelforce', trackingNumber: 'PF 123' })).statusCode).toBe(200);
    await allSent();
    const shipped = theMail(`Your Joinery order ${order.orderNumber} is on its way`, order.email);
    expect(shipped.text).toContain('Parcelforce is carrying it, tracking number PF 123.');
    expect(shipped.text).toContain(`Follow my order: ${shopPublicUrl}/dashboard/orders/${order._id}`);
    expect(shipped.text).not.toContain('Track it with');
  });
});

describe('cancelling an order', () => {
  it('tells the customer once when they cancel their unpaid order, or an admin does', async () => {
    const own = await placeOrder(app(), carol, chisel.id, 3);
    const byAdmin = await placeOrder(app(), people.oscar, chisel.id, 3);
    expect((await call(app(), 'DELETE', `/api/orders/${own._id}`, carol)).json()).toEqual({ deletedCount: 1 });
    expect((await call(app(), 'DELETE', `/api/orders/${byAdmin._id}`, people.admin)).json()).toEqual({ deletedCount: 1 });
    // Cancelled already: nothing more to cancel, nothing more to say.
    expect((await call(app(), 'DELETE', `/api/orders/${own._id}`, carol)).statusCode).toBe(409);
    await allSent();

    const toCarol = theMail(`Your Joinery order ${own.orderNumber} was cancelled`, carol.email);
    expect(toCarol.to).toEqual([carol.email]);
    expectThreeChisels(toCarol.text);
    expect(toCarol.text).toContain('Your unpaid order has been cancelled. Nothing was charged.');
    expect(theMail(`Your Joinery order ${byAdmin.orderNumber} was cancelled`, people.oscar.email).to).toEqual([people.oscar.email]);
  });

  it('says nothing when a paid order cannot be cancelled', async () => {
    const order = await placeOrder(app(), carol, chisel.id, 3);
    await payOrder(app(), carol, order._id);
    expect((await call(app(), 'DELETE', `/api/orders/${order._id}`, carol)).statusCode).toBe(409);
    await allSent();
    expect(mailsAbout(order).filter((mail) => mail.subject.endsWith('was cancelled'))).toEqual([]);
  });
});

describe('a server that stops after an order is placed', () => {
  it('leaves the message queued, and the next server delivers it once', async () => {
    const database = await createTestDatabase();
    await migrateToLatest(database.db);
    const secondConnection = database.connectAgain();
    try {
      const stopped = await createAppOn(database, { env: shopMailEnv(standIn), jobs: { startRunner: false } });
      const rita = await signUp(stopped.app, 'Rita Restart');
      const plane = await addProduct(database.db, { name: 'Smoothing plane no. 4', priceCents: 18900, minQuantity: 1, availQuantity: 5 });
      const order = await placeOrder(stopped.app, rita, plane.id, 1);
      await stopped.close();
      expect(mailsAbout(order)).toEqual([]);

      const restarted = await createAppOn(secondConnection, { env: shopMailEnv(standIn), jobs: { pollIntervalMs: 50 } });
      try {
        await restarted.app.jobs.waitUntilIdle({ timeoutMs: 10_000 });
        const mail = theMail(`Your Joinery order ${order.orderNumber} is waiting for payment`, order.email);
        expect(mail.to).toEqual([rita.email]);
        expect(mail.text).toContain('Total: $189.00');
      } finally {
        await restarted.close();
      }
    } finally {
      await secondConnection.close();
      await database.dispose();
    }
  });
});
