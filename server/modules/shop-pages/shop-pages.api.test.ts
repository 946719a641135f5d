import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { EditableShopPage, PublishedShopPage, ShopPageEditor } from '../../../common/schemas/shop-pages.ts';
import { shopPageMessages } from '../../../common/schemas/shop-pages.ts';
import { richTextMessages } from '../../../common/rich-text.ts';
import { shopPageSlugs } from '../../../common/shop-pages.ts';
import { withoutRightMessage } from '../../../common/staff-roles.ts';
import { firstShopPages } from '../../db/seed/first-shop-pages.ts';
import { createShopWithPeople, type ShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';
import { added, checkOut } from '../../test/cart-checkout.ts';
import { californiaAddress, guestCheckout, phone, setUpCharges } from '../../test/charges.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { signUpStaff } from '../../test/staff.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * The pages the owner writes (issue 29, ADR 044): read by anyone as published now, published by staff
 * with the `content` right as a new version each time, every version kept; the returns policy says the
 * return window of the settings; an order records the version of the terms in force when it is placed.
 */
let people: ShopWithPeople;
let manager: TestAccount;
let fulfilment: TestAccount;
let chisel: TestProduct;
const app = () => people.shop.app;

beforeAll(async () => {
  people = await createShopWithPeople();
  manager = await signUpStaff(people.shop, people.admin, 'manager');
  fulfilment = await signUpStaff(people.shop, people.admin, 'fulfilment');
  await setUpCharges(app(), people.admin);
  chisel = await addProduct(people.shop.db, { name: 'Bench chisel', priceCents: 3000, minQuantity: 1, availQuantity: 1000, weightGrams: 300 });
});
afterAll(() => people.shop.close());

const read = (slug: string, who?: Caller) => call(app(), 'GET', `/api/pages/${slug}`, who);
const publish = (slug: string, page: object, who: Caller = people.admin) => call(app(), 'PUT', `/api/pages/${slug}`, who, page);

async function published(slug: string): Promise<PublishedShopPage> {
  const res = await read(slug);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublishedShopPage>();
}

async function publishOk(slug: string, page: { title: string; body: string }, who: Caller = people.admin): Promise<EditableShopPage> {
  const res = await publish(slug, page, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EditableShopPage>();
}

const versionsOf = (slug: string) => people.shop.db.selectFrom('shop_page_versions').select(['version', 'title', 'body']).where('slug', '=', slug).orderBy('version').execute();

describe(`the pages the owner writes (${testDialect})`, () => {
  it('gives anyone each page as published, from its first version, revalidated like the catalogue', async () => {
    for (const slug of shopPageSlugs) {
      const res = await read(slug);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const page = res.json<PublishedShopPage>();
      expect(page).toMatchObject({ slug, title: firstShopPages[slug].title, version: 1 });
      expect(page.description.length).toBeGreaterThan(40);
      expect(page.description.length).toBeLessThanOrEqual(155);
    }
    // The terms are real terms: they name the seller and link the returns policy.
    expect((await published('terms')).body).toContain('Joinery Tool Works');
    expect((await published('terms')).body).toContain('[returns policy](/pages/returns)');
  });

  it('answers 404 for an address that names no page, to readers and editors alike', async () => {
    const res = await read('cookies');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: shopPageMessages.unknownPage });
    expect((await publish('cookies', { title: 'Cookies', body: 'None.' })).statusCode).toBe(404);
    expect(await people.shop.db.selectFrom('shop_page_versions').select('slug').where('slug', '=', 'cookies').execute()).toEqual([]);
  });

  it('refuses publishing to visitors, customers and roles without the content right, and lets a manager publish', async () => {
    const page = { title: 'About us', body: 'We make planes.' };
    expect((await call(app(), 'PUT', '/api/pages/about', undefined, page)).statusCode).toBe(401);
    const byCustomer = await publish('about', page, people.carol);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toEqual({ code: 'FORBIDDEN', message: 'Only an admin may do this.' });
    const byFulfilment = await publish('about', page, fulfilment);
    expect(byFulfilment.statusCode).toBe(403);
    expect(byFulfilment.json()).toEqual({ code: 'FORBIDDEN', message: withoutRightMessage('fulfilment', 'content') });
    expect((await call(app(), 'GET', '/api/pages', people.carol)).statusCode).toBe(403);
    expect((await call(app(), 'GET', '/api/pages', fulfilment)).statusCode).toBe(403);
    expect((await versionsOf('about')).map((row) => row.version)).toEqual([1]);

    expect(await publishOk('about', page, manager)).toMatchObject({ slug: 'about', version: 2, title: 'About us', body: 'We make planes.' });
  });

  it('keeps every version: each publish is the next number, shown at once, and the earlier ones stay as they were', async () => {
    const before = await published('shipping');
    const second = await publishOk('shipping', { title: 'Shipping', body: '## Where we ship\nEverywhere in the **United States**.' });
    expect(second.version).toBe(before.version + 1);
    // The page was kept by the first read: the publish drops it at once.
    expect(await published('shipping')).toMatchObject({ version: second.version, title: 'Shipping', body: '## Where we ship\nEverywhere in the **United States**.' });
    const third = await publishOk('shipping', { title: 'Shipping information', body: 'We ship from Portland.' });
    expect(third.version).toBe(before.version + 2);
    expect(await published('shipping')).toMatchObject({ version: third.version, body: 'We ship from Portland.' });

    const versions = await versionsOf('shipping');
    expect(versions.map((row) => row.version)).toEqual([1, 2, 3]);
    expect(versions[0]).toMatchObject({ title: firstShopPages.shipping.title, body: firstShopPages.shipping.body });
    expect(versions[1]).toMatchObject({ title: 'Shipping', body: '## Where we ship\nEverywhere in the **United States**.' });

    const { pages } = (await call(app(), 'GET', '/api/pages', people.admin)).json<ShopPageEditor>();
    expect(pages.map((page) => page.slug)).toEqual([...shopPageSlugs]);
    expect(pages.find((page) => page.slug === 'shipping')).toMatchObject({ version: 3, title: 'Shipping information' });
  });

  it('has the database refuse to change or delete a published version', async () => {
    await expect(sql`update shop_page_versions set body = 'changed' where slug = 'privacy'`.execute(people.shop.db)).rejects.toThrow(/kept as it is/);
    await expect(sql`delete from shop_page_versions where slug = 'privacy'`.execute(people.shop.db)).rejects.toThrow(/kept as it is/);
    expect((await versionsOf('privacy'))[0]).toMatchObject({ body: firstShopPages.privacy.body });
  });

  it('records each publish in the audit trail with who published which version', async () => {
    const made = await publishOk('privacy', { title: 'Privacy', body: 'We keep little.' });
    const records = (await call(app(), 'GET', '/api/audit-log?kind=page.published', people.admin)).json<AuditRecord[]>();
    expect(records[0]).toMatchObject({
      actorEmail: people.admin.email,
      kind: 'page.published',
      subject: 'privacy',
      detail: {
        changes: [
          { field: 'version', before: made.version - 1, after: made.version },
          { field: 'title', before: firstShopPages.privacy.title, after: 'Privacy' },
        ],
        facts: { page: 'Privacy notice' },
      },
    });
  });

  it('refuses an unsafe link, a product card, an empty title or text, saying why, and publishes nothing', async () => {
    const unsafe = await publish('terms', { title: 'Terms', body: 'Read [this](javascript:alert(1)).' });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json<{ message: string }>().message).toContain(richTextMessages.link);
    const product = await publish('terms', { title: 'Terms', body: 'Our best plane:\n\n[[product:block-plane]]' });
    expect(product.statusCode).toBe(400);
    expect(product.json<{ message: string }>().message).toContain(shopPageMessages.noProducts);
    const empty = await publish('terms', { title: ' ', body: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain(shopPageMessages.titleRequired);
    expect(empty.json<{ message: string }>().message).toContain(shopPageMessages.bodyRequired);
    expect((await published('terms')).version).toBe(1);
  });

  it('shows the return window of the settings wherever the returns policy says {return window}, and a change of it at once', async () => {
    expect((await published('returns')).body).toContain('within **30 days** of its delivery');
    await publishOk('returns', { title: 'Returns policy', body: 'Send it back within {return window}. After {return window}, ask us.' });
    expect((await published('returns')).body).toBe('Send it back within 30 days. After 30 days, ask us.');
    expect((await call(app(), 'PUT', '/api/return-settings', people.admin, { windowDays: 1 })).statusCode).toBe(200);
    expect((await published('returns')).body).toBe('Send it back within 1 day. After 1 day, ask us.');
    expect((await call(app(), 'PUT', '/api/return-settings', people.admin, { windowDays: 45 })).statusCode).toBe(200);
    const page = await published('returns');
    expect(page.body).toBe('Send it back within 45 days. After 45 days, ask us.');
    expect(page.description).toBe('Send it back within 45 days. After 45 days, ask us.');
    // The editor reads the words as typed, to keep them.
    const editor = (await call(app(), 'GET', '/api/pages', people.admin)).json<ShopPageEditor>();
    expect(editor.pages.find((entry) => entry.slug === 'returns')?.body).toBe('Send it back within {return window}. After {return window}, ask us.');
    expect(editor.placeholders).toEqual({ returnWindow: '45 days' });
  });

  it('records on each order the version of the terms in force when it was placed, whatever the browser sends, and shows it to staff only', async () => {
    const termsRow = async (orderId: string) =>
      (await people.shop.db.selectFrom('orders').select('terms_version').where('id', '=', orderId).executeTakeFirstOrThrow()).terms_version;
    const current = (await published('terms')).version;

    // Buy Now, with a version of the browser's own that the server ignores.
    const res = await call(app(), 'POST', '/api/orders', people.carol, { productId: chisel.id, quantity: 1, phone, adress: '1 Redwood Way, Arcata', termsVersion: 99 });
    expect(res.statusCode, res.body).toBe(201);
    const bought = res.json<{ _id: string }>();
    expect(await termsRow(bought._id)).toBe(current);

    const newer = await publishOk('terms', { title: 'Terms of sale', body: 'New terms for new orders.' });
    expect(newer.version).toBe(current + 1);
    // An order placed before keeps the version it was placed under.
    expect(await termsRow(bought._id)).toBe(current);

    // The cart's checkout, signed in and as a guest, after the publish.
    await added(app(), people.oscar, chisel.id, 2);
    const checkedOut = await checkOut(app(), people.oscar, { phone, shippingAddress: californiaAddress });
    expect(checkedOut.statusCode, checkedOut.body).toBe(201);
    expect(await termsRow(checkedOut.json<{ _id: string }>()._id)).toBe(newer.version);
    const guest = await guestCheckout(app(), {
      email: `guest.${testDialect}.${Date.now()}@example.com`,
      phone,
      shippingAddress: californiaAddress,
      lines: [{ productId: chisel.id, quantity: 1 }],
    });
    expect(await termsRow(guest._id)).toBe(newer.version);

    // Staff read which version, and when it was published; the customer's own answer says nothing of it.
    const details = (id: string, who: Caller) => call(app(), 'GET', `/api/orders/${id}/details`, who);
    const forStaff = (await details(bought._id, people.admin)).json<OrderDetails>();
    const firstTerms = await people.shop.db
      .selectFrom('shop_page_versions')
      .select('published_at')
      .where('slug', '=', 'terms')
      .where('version', '=', current)
      .executeTakeFirstOrThrow();
    expect(forStaff.termsAccepted).toEqual({ version: current, publishedAt: firstTerms.published_at });
    expect((await details(checkedOut.json<{ _id: string }>()._id, manager)).json<OrderDetails>().termsAccepted).toEqual({ version: newer.version, publishedAt: newer.publishedAt });
    const forCustomer = (await details(bought._id, people.carol)).json<OrderDetails>();
    expect(forCustomer).not.toHaveProperty('termsAccepted');
  });

  it('places again, under the terms now in force, a checkout repeated after the terms changed', async () => {
    await added(app(), people.carol, chisel.id, 1);
    const first = (await checkOut(app(), people.carol, { phone, shippingAddress: californiaAddress })).json<{ _id: string }>();
    const again = (await checkOut(app(), people.carol, { phone, shippingAddress: californiaAddress })).json<{ _id: string }>();
    expect(again._id).toBe(first._id);
    const newer = await publishOk('terms', { title: 'Terms of sale', body: 'Newer terms still.' });
    const afterPublish = (await checkOut(app(), people.carol, { phone, shippingAddress: californiaAddress })).json<{ _id: string }>();
    expect(afterPublish._id).not.toBe(first._id);
    const row = await people.shop.db.selectFrom('orders').select('terms_version').where('id', '=', afterPublish._id).executeTakeFirstOrThrow();
    expect(row.terms_version).toBe(newer.version);
  });

  it('keeps all of 50 publishes of one page sent at once, each its own version', async () => {
    const before = (await published('about')).version;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => publish('about', { title: 'About us', body: `Draft ${index + 1}.` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const numbers = answers.map((answer) => answer.json<EditableShopPage>().version).toSorted((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => before + index + 1));
    const versions = await versionsOf('about');
    expect(versions.map((row) => row.version)).toEqual(Array.from({ length: before + 50 }, (_, index) => index + 1));
    expect(new Set(versions.slice(before).map((row) => row.body)).size).toBe(50);
    expect((await published('about')).version).toBe(before + 50);
  });
});
