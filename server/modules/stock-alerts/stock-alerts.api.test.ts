import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitingDemand } from '../../../common/schemas/stock-alerts.ts';
import { createShopWithPeople, signUp, type ShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call, newClientAddress } from '../../test/call.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { alertRowsOf, deliverQueued, runBackInStockJob, stockAlertTokenIn, verifyAddress } from '../../test/stock-alert-mail.ts';
import { testDialect } from '../../test/test-database.ts';
import { addVariantProduct, restock, sell } from '../../test/variant-products.ts';

/**
 * "Notify me" on what is sold out: a visitor confirms their address by the e-mailed link, a signed-in
 * customer's own address needs none; asking twice keeps one alert; what is in stock is refused; when
 * stock comes back each waiting address gets one e-mail, with a one-click unsubscribe; and only admins
 * see how many wait.
 */
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ jobs: { startRunner: false } });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;
const mails = () => outboxMessages(people.shop.dataDir);
const mailsTo = (email: string) => mails().filter((mail) => mail.to === email);

const widths = [{ name: 'Width', values: ['6 mm', '10 mm', '12 mm'] }];
/** A chisel in three widths, all sold out (a stock of 1 is the last piece, which the rule keeps back). */
const soldOutChisel = () =>
  addVariantProduct(db(), {
    name: 'Bench chisel',
    options: widths,
    variants: [
      { choice: { Width: '6 mm' }, stock: 1 },
      { choice: { Width: '10 mm' }, stock: 0 },
      { choice: { Width: '12 mm' }, stock: 0 },
    ],
  });

let visitorCount = 0;
const visitorEmail = () => `waiting.visitor${(visitorCount += 1)}.${Date.now()}@example.com`;

const ask = (body: object, who?: TestAccount) => call(app(), 'POST', '/api/stock-alerts', who, body);
const confirm = (token: string) => call(app(), 'POST', '/api/stock-alerts/confirm', undefined, { token });

/** The one confirmation e-mail to this address, delivered, and the token of its link. */
async function confirmationTo(email: string) {
  await deliverQueued(app());
  const confirmations = mailsTo(email).filter((mail) => mail.subject.startsWith('Confirm your back-in-stock alert'));
  expect(confirmations).toHaveLength(1);
  const mail = confirmations[0]!;
  return { mail, token: stockAlertTokenIn(mail.text, 'confirm') };
}

async function waitingFor(productId: string): Promise<WaitingDemand[]> {
  const res = await call(app(), 'GET', '/api/stock-alerts/waiting?limit=100', people.admin);
  expect(res.statusCode).toBe(200);
  return res.json<WaitingDemand[]>().filter((row) => row.productId === productId);
}

const backInStockTo = (email: string) => mailsTo(email).filter((mail) => mail.subject.startsWith('Back in stock:'));

describe('a visitor asks to be told', () => {
  it('gets a confirmation e-mail, and waits only once they open its link', async () => {
    const chisel = await soldOutChisel();
    const email = visitorEmail();
    const res = await ask({ productId: chisel.id, variantId: chisel.variantIds[1], email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email, confirmed: false });

    const { mail, token } = await confirmationTo(email);
    expect(mail.subject).toBe('Confirm your back-in-stock alert for Bench chisel (Width 10 mm)');
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/stock-alerts\/unsubscribe\?token=[\w-]+>$/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await waitingFor(chisel.id)).toEqual([]);

    // Unconfirmed, it sends nothing when the stock comes back.
    await restock(db(), chisel.id, chisel.variantIds[1]!, 5);
    await runBackInStockJob(app(), db());
    expect(backInStockTo(email)).toEqual([]);
    await sell(db(), chisel.id, chisel.variantIds[1]!, 5);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email, product: 'Bench chisel', productId: chisel.id });
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await waitingFor(chisel.id)).toEqual([
      { productId: chisel.id, product: 'Bench chisel', variantId: chisel.variantIds[1], variant: 'Width 10 mm', sku: expect.any(String) as string, waiting: 1, availQuantity: 0 },
    ]);
  });

  it('is told a link that is not one of ours is not valid', async () => {
    const res = await confirm('not-a-token-we-sent');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toMatch(/This confirmation link is not valid/);
  });
});

describe('a signed-in customer asks for their own address', () => {
  it('waits at once when the address is proved theirs, with no e-mail to confirm', async () => {
    const chisel = await soldOutChisel();
    const customer = await signUp(app(), 'Wendy Waiting');
    await verifyAddress(db(), customer.email);
    const res = await ask({ productId: chisel.id, email: customer.email }, customer);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: customer.email, confirmed: true });
    await deliverQueued(app());
    expect(mailsTo(customer.email).filter((mail) => mail.subject.startsWith('Confirm'))).toEqual([]);
    expect(await waitingFor(chisel.id)).toMatchObject([{ variantId: '', variant: '', sku: null, waiting: 1 }]);
  });

  it('confirms by e-mail like anyone else an address not yet proved, or another address', async () => {
    const chisel = await soldOutChisel();
    const unproved = await signUp(app(), 'Uma Unproved');
    expect((await ask({ productId: chisel.id, email: unproved.email }, unproved)).json()).toEqual({ email: unproved.email, confirmed: false });
    await confirmationTo(unproved.email);

    const other = visitorEmail();
    await verifyAddress(db(), people.carol.email);
    expect((await ask({ productId: chisel.id, email: other }, people.carol)).json()).toEqual({ email: other, confirmed: false });
    await confirmationTo(other);
    expect(await waitingFor(chisel.id)).toEqual([]);
  });
});

describe('asking twice', () => {
  it('keeps one alert, and one back-in-stock e-mail', async () => {
    const chisel = await soldOutChisel();
    const email = visitorEmail();
    const body = { productId: chisel.id, variantId: chisel.variantIds[2], email };
    expect((await ask(body)).statusCode).toBe(202);
    const { token } = await confirmationTo(email);
    await confirm(token);
    // Confirmed: asking again changes nothing and sends nothing.
    expect((await ask(body)).json()).toEqual({ email, confirmed: false });
    await deliverQueued(app());
    expect(mailsTo(email)).toHaveLength(1);
    expect(await alertRowsOf(db(), email)).toBe(1);

    await restock(db(), chisel.id, chisel.variantIds[2]!, 3);
    await runBackInStockJob(app(), db());
    await runBackInStockJob(app(), db());
    expect(backInStockTo(email)).toHaveLength(1);
  });

  it('keeps one alert when many ask for the same at once', async () => {
    const chisel = await soldOutChisel();
    const email = visitorEmail();
    const many = testDialect === 'postgres' ? 50 : 10;
    const answers = await Promise.all(Array.from({ length: many }, () => ask({ productId: chisel.id, email })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: many }, () => 202));
    expect(await alertRowsOf(db(), email)).toBe(1);
  });
});

describe('what can be ordered', () => {
  it('is refused, 409, with a clear message: there is nothing to wait for', async () => {
    const chisel = await addVariantProduct(db(), {
      options: widths,
      variants: [
        { choice: { Width: '6 mm' }, stock: 4 },
        { choice: { Width: '10 mm' }, stock: 0 },
        { choice: { Width: '12 mm' }, stock: 0 },
      ],
    });
    for (const variantId of [chisel.variantIds[0], undefined]) {
      const res = await ask({ productId: chisel.id, variantId, email: visitorEmail() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: 'This is in stock: you can order it now, so there is nothing to wait for.' });
    }
    expect((await ask({ productId: chisel.id, variantId: chisel.variantIds[1], email: visitorEmail() })).statusCode).toBe(202);
  });

  it('answers 404 for a product that is not there or not shown, or a variant that is not its', async () => {
    const chisel = await soldOutChisel();
    const other = await soldOutChisel();
    const hidden = await addVariantProduct(db(), { hidden: true, variants: [{ stock: 0 }] });
    expect((await ask({ productId: '00000000-0000-4000-8000-000000000000', email: visitorEmail() })).statusCode).toBe(404);
    expect((await ask({ productId: hidden.id, email: visitorEmail() })).statusCode).toBe(404);
    expect((await ask({ productId: chisel.id, variantId: other.variantIds[0], email: visitorEmail() })).statusCode).toBe(404);
  });

  it('refuses what is not an address with the form’s message', async () => {
    const chisel = await soldOutChisel();
    const res = await ask({ productId: chisel.id, email: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Provide a valid Email');
  });
});

describe('when stock comes back', () => {
  it('sends one e-mail to each address waiting for that variant or any, with the product, its link and a one-click unsubscribe', async () => {
    const chisel = await soldOutChisel();
    const [tenWatcher, anyWatcher, twelveWatcher] = [visitorEmail(), visitorEmail(), visitorEmail()];
    for (const [email, variantId] of [
      [tenWatcher, chisel.variantIds[1]],
      [anyWatcher, undefined],
      [twelveWatcher, chisel.variantIds[2]],
    ] as const) {
      await ask({ productId: chisel.id, variantId, email });
      await confirm((await confirmationTo(email)).token);
    }

    await runBackInStockJob(app(), db());
    expect([tenWatcher, anyWatcher, twelveWatcher].flatMap(backInStockTo)).toEqual([]);

    await restock(db(), chisel.id, chisel.variantIds[1]!, 6);
    await runBackInStockJob(app(), db());
    await runBackInStockJob(app(), db());

    const [ten] = backInStockTo(tenWatcher);
    expect(backInStockTo(tenWatcher)).toHaveLength(1);
    expect(ten!.subject).toBe('Back in stock: Bench chisel (Width 10 mm)');
    expect(ten!.text).toContain(`http://localhost:3000/products/${chisel.id}`);
    const unsubscribeToken = stockAlertTokenIn(ten!.text, 'unsubscribe');
    expect(ten!.headers['List-Unsubscribe']).toBe(`<http://localhost:3000/api/stock-alerts/unsubscribe?token=${unsubscribeToken}>`);
    expect(ten!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    expect(backInStockTo(anyWatcher).map((mail) => mail.subject)).toEqual(['Back in stock: Bench chisel']);
    expect(backInStockTo(twelveWatcher)).toEqual([]);
    expect(await waitingFor(chisel.id)).toMatchObject([{ variantId: chisel.variantIds[2], waiting: 1 }]);
  });

  it('sends nothing while the product is hidden', async () => {
    const product = await addVariantProduct(db(), { variants: [{ stock: 0 }] });
    const email = visitorEmail();
    await ask({ productId: product.id, email });
    await confirm((await confirmationTo(email)).token);
    await db().updateTable('products').set({ hidden: 1 }).where('id', '=', product.id).execute();
    await restock(db(), product.id, product.variantIds[0]!, 5);
    await runBackInStockJob(app(), db());
    expect(backInStockTo(email)).toEqual([]);
    await db().updateTable('products').set({ hidden: 0 }).where('id', '=', product.id).execute();
    await runBackInStockJob(app(), db());
    expect(backInStockTo(email)).toHaveLength(1);
  });
});

describe('unsubscribing', () => {
  /** What a mail program's Unsubscribe button sends (RFC 8058): a form field, to the List-Unsubscribe address. */
  function oneClickUnsubscribe(listUnsubscribe: string) {
    const url = new URL(listUnsubscribe.replace(/^<|>$/g, ''));
    return app().inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: newClientAddress(),
    });
  }

  it('with one click stops the e-mail, and asking again on the page waits again once confirmed', async () => {
    const product = await addVariantProduct(db(), { name: 'Block plane', variants: [{ stock: 0 }] });
    const email = visitorEmail();
    await ask({ productId: product.id, email });
    const { mail, token } = await confirmationTo(email);
    await confirm(token);

    const res = await oneClickUnsubscribe(mail.headers['List-Unsubscribe']!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, product: 'Block plane', productId: product.id });
    expect((await oneClickUnsubscribe(mail.headers['List-Unsubscribe']!)).statusCode).toBe(200);
    // Unsubscribed, the confirmation link no longer confirms.
    expect((await confirm(token)).statusCode).toBe(404);

    await restock(db(), product.id, product.variantIds[0]!, 5);
    await runBackInStockJob(app(), db());
    expect(backInStockTo(email)).toEqual([]);
    expect(await alertRowsOf(db(), email)).toBe(1);
  });

  it('opened in a browser, the List-Unsubscribe address leads to the page with the button, unsubscribing nobody', async () => {
    const res = await call(app(), 'GET', '/api/stock-alerts/unsubscribe?token=abc-123');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/stock-alerts/unsubscribe?token=abc-123');
  });
});

describe('who waits, for admins', () => {
  it('is for admins only', async () => {
    expect((await call(app(), 'GET', '/api/stock-alerts/waiting')).statusCode).toBe(401);
    expect((await call(app(), 'GET', '/api/stock-alerts/waiting', people.carol)).statusCode).toBe(403);
  });

  it('is paginated, the most awaited first, with the total in X-Total-Count', async () => {
    const res = await call(app(), 'GET', '/api/stock-alerts/waiting?limit=1', people.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<WaitingDemand[]>()).toHaveLength(1);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(1);
    const all = (await call(app(), 'GET', '/api/stock-alerts/waiting?limit=100', people.admin)).json<WaitingDemand[]>();
    expect(all).toHaveLength(total);
    expect(all.map((row) => row.waiting)).toEqual(all.map((row) => row.waiting).toSorted((a, b) => b - a));
  });
});
