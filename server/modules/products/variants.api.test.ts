import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '../../../common/cart-rules.ts';
import { orderMessages } from '../../../common/ordering.ts';
import type { CartQuote } from '../../../common/schemas/cart.ts';
import type { Product, ProductWithPictures } from '../../../common/schemas/products.ts';
import { variantMessages } from '../../../common/variants.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';
import { addToCart } from '../../test/cart-checkout.ts';
import { authorise, confirmPayment, shipping, startPayment } from '../../test/ordering.ts';
import { createProduct, replaceProduct } from '../../test/shop-management.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 27: a product sold in several ways (options such as Width × Handle, each combination a
 * variant with its own SKU, price, stock, weight and picture), through the API: what the catalogue
 * answers, what an edit keeps, what it refuses, stock taken per variant under a race, carts and
 * quotes per variant, SKU search and hidden products.
 */
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;

const picture = 'https://images.example.com/paring-chisel.webp';
const walnutPicture = 'https://images.example.com/paring-chisel-walnut.webp';
const options = [
  { name: 'Width', values: ['6 mm', '10 mm'] },
  { name: 'Handle', values: ['Ash', 'Walnut'] },
];

let skuCounter = 0;
/** The admin's form for a paring chisel in two widths and two handles, with SKUs no other test uses. */
function chiselForm(changes: Record<string, unknown> = {}) {
  skuCounter += 1;
  const sku = (rest: string) => `PAR-${skuCounter}-${rest}`;
  return {
    name: `Paring chisel no. ${skuCounter}`,
    img: picture,
    pictures: [picture, walnutPicture],
    minQuantity: 1,
    description: 'A long, thin chisel for paring joints by hand.',
    category: 'chisels',
    options,
    variants: [
      { sku: sku('06-ASH'), options: { Width: '6 mm', Handle: 'Ash' }, price: 30, availQuantity: 5, weightGrams: 200 },
      { sku: sku('06-WAL'), options: { Width: '6 mm', Handle: 'Walnut' }, price: 34, availQuantity: 0, weightGrams: 210, img: walnutPicture },
      { sku: sku('10-ASH'), options: { Width: '10 mm', Handle: 'Ash' }, price: 32, availQuantity: 12, weightGrams: 220 },
      { sku: sku('10-WAL'), options: { Width: '10 mm', Handle: 'Walnut' }, price: 38.5, availQuantity: 7, weightGrams: 230, img: walnutPicture },
    ],
    ...changes,
  };
}
type ChiselForm = ReturnType<typeof chiselForm>;

async function added(form: object): Promise<ProductWithPictures> {
  const res = await createProduct(app(), people.admin, form);
  if (res.statusCode !== 201) throw new Error(`adding a product failed: ${res.statusCode} ${res.body}`);
  const { insertedId: _insertedId, ...product } = res.json<ProductWithPictures & { insertedId: string }>();
  return product;
}

const readProduct = async (id: string) => (await call(app(), 'GET', `/api/products/${id}`)).json<ProductWithPictures>();
const listed = async (query = 'limit=100', who?: Caller) => (await call(app(), 'GET', `/api/products?${query}`, who)).json<Product[]>();
const variantsInDb = (productId: string) =>
  db().selectFrom('product_variants').select(['id', 'sku', 'avail_quantity']).where('product_id', '=', productId).orderBy('position').execute();
const productRow = (productId: string) =>
  db().selectFrom('products').select(['avail_quantity', 'price_cents', 'price_max_cents']).where('id', '=', productId).executeTakeFirstOrThrow();

/** Each variant as `GET /products/{id}` answers it: the form's, with its id, its own picture or the product's, and no low-stock mark. */
const asAnswered = (form: ChiselForm) => form.variants.map((variant) => ({ _id: expect.any(String), img: picture, lowStockAt: null, ...variant, options: variant.options }));

describe(`a product with options and variants (${testDialect})`, () => {
  it('answers the lowest variant price, the highest as priceMax, the summed stock, the options and each variant with its id', async () => {
    const form = chiselForm();
    const product = await added(form);
    const read = await readProduct(product._id);
    expect(read).toMatchObject({ price: 30, priceMax: 38.5, availQuantity: 24, options, hidden: false, pictures: [picture, walnutPicture] });
    expect(read.variants).toEqual(asAnswered(form));
    expect(new Set(read.variants.map((variant) => variant._id)).size).toBe(4);
    // The one it answered when it was added, too.
    expect(product.variants).toEqual(read.variants);

    // The list shows the same figures (without pictures and variants), newest first.
    const [newest] = await listed();
    const { pictures: _pictures, variants: _variants, rating: _rating, ...fields } = read as ProductWithPictures & { rating: unknown };
    expect(newest).toEqual(fields);
    // And the table's row is written from the variants.
    expect(await productRow(product._id)).toEqual({ avail_quantity: 24, price_cents: 3000, price_max_cents: 3850 });
  });

  it('keeps the id of each variant an edit keeps by SKU, gives a new SKU a new id, and deletes the variants it drops', async () => {
    const form = chiselForm();
    const product = await added(form);
    const idOf = (sku: string) => product.variants.find((variant) => variant.sku === sku)!._id;
    const [ash6, walnut6, ash10, walnut10] = form.variants;
    const replacement = { ...walnut6!, sku: `${walnut6!.sku}-B`, price: 35 };
    const edited = { ...form, variants: [ash6!, { ...ash10!, price: 33, availQuantity: 20 }, walnut10!, replacement] };

    const res = await replaceProduct(app(), people.admin, product._id, edited);
    expect(res.statusCode, res.body).toBe(200);
    const read = await readProduct(product._id);
    expect(read.variants.map((variant) => [variant.sku, variant._id])).toEqual([
      [ash6!.sku, idOf(ash6!.sku)],
      [ash10!.sku, idOf(ash10!.sku)],
      [walnut10!.sku, idOf(walnut10!.sku)],
      [replacement.sku, expect.not.stringMatching(idOf(walnut6!.sku))],
    ]);
    expect(read.variants[1]).toMatchObject({ price: 33, availQuantity: 20 });
    expect(read).toMatchObject({ price: 30, priceMax: 38.5, availQuantity: 5 + 20 + 7 + 0 });
    // The dropped variant is gone from the table, not only from the answer.
    expect((await variantsInDb(product._id)).map((variant) => variant.id)).not.toContain(idOf(walnut6!.sku));
    expect(await variantsInDb(product._id)).toHaveLength(4);
  });

  it.each([
    [
      'a variant choosing a value its option does not have',
      (form: ChiselForm) => ({ ...form.variants[0]!, options: { Width: '8 mm', Handle: 'Ash' } }),
      variantMessages.variantOptionsMismatch,
    ],
    ['a variant leaving out an option', (form: ChiselForm) => ({ ...form.variants[0]!, options: { Width: '6 mm' } }), variantMessages.variantOptionsMismatch],
    [
      'a variant naming an option the product does not have',
      (form: ChiselForm) => ({ ...form.variants[0]!, options: { Width: '6 mm', Handle: 'Ash', Steel: 'A2' } }),
      variantMessages.variantOptionsMismatch,
    ],
    [
      'two variants with the same choices',
      (form: ChiselForm) => ({ ...form.variants[1]!, sku: `${form.variants[1]!.sku}-X`, options: form.variants[0]!.options }),
      variantMessages.variantsRepeat,
    ],
  ])('refuses %s with a 400 saying why, and adds nothing', async (_case, lastVariant, message) => {
    const before = await listed();
    const form = chiselForm();
    const res = await createProduct(app(), people.admin, { ...form, variants: [...form.variants.slice(0, 3), lastVariant(form)] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    expect((await listed()).map((product) => product._id)).toEqual(before.map((product) => product._id));
  });

  it('refuses more than 3 options', async () => {
    const form = chiselForm();
    const four = [...options, { name: 'Steel', values: ['O1'] }, { name: 'Bevel', values: ['25°'] }];
    const res = await createProduct(app(), people.admin, {
      ...form,
      options: four,
      variants: form.variants.map((variant) => ({ ...variant, options: { ...variant.options, Steel: 'O1', Bevel: '25°' } })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(variantMessages.tooManyOptions) });
  });

  it('refuses with 409 a SKU another product uses, when adding and when editing, and saves nothing', async () => {
    const first = await added(chiselForm());
    const takenSku = first.variants[2]!.sku;
    const before = await listed();
    const form = chiselForm();
    const clash = await createProduct(app(), people.admin, { ...form, variants: [...form.variants.slice(0, 3), { ...form.variants[3]!, sku: takenSku.toLowerCase() }] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'CONFLICT', message: expect.stringMatching(/SKU is already used by another product/) });
    expect((await listed()).map((product) => product._id)).toEqual(before.map((product) => product._id));

    const second = await added(form);
    const edit = await replaceProduct(app(), people.admin, second._id, { ...form, variants: [{ ...form.variants[0]!, sku: takenSku }, ...form.variants.slice(1)] });
    expect(edit.statusCode).toBe(409);
    expect(await readProduct(second._id)).toMatchObject({ variants: second.variants });
  });
});

describe(`a cart line and a quote per variant (${testDialect})`, () => {
  let product: ProductWithPictures;
  let buyer: TestAccount;
  const variant = (sku: string) => product.variants.find((candidate) => candidate.sku.endsWith(sku))!;
  beforeAll(async () => {
    product = await added(chiselForm());
    buyer = await signUp(app(), 'Variant Buyer');
  });

  it("prices each variant's line at the variant's price, naming the variant and its SKU", async () => {
    const walnut = variant('10-WAL');
    const ash = variant('10-ASH');
    const res = await call(app(), 'POST', '/api/cart/quote', undefined, {
      lines: [
        { productId: product._id, variantId: walnut._id, quantity: 2 },
        { productId: product._id, variantId: ash._id, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const quote = res.json<CartQuote>();
    expect(quote.lines).toEqual([
      expect.objectContaining({
        productId: product._id,
        variantId: walnut._id,
        quantity: 2,
        product: expect.objectContaining({ price: 38.5, availQuantity: 7, variant: 'Width 10 mm · Handle Walnut', sku: walnut.sku, img: walnutPicture }),
        lineTotal: 77,
      }),
      expect.objectContaining({
        variantId: ash._id,
        quantity: 3,
        product: expect.objectContaining({ price: 32, availQuantity: 12, variant: 'Width 10 mm · Handle Ash', sku: ash.sku, img: picture }),
        lineTotal: 96,
      }),
    ]);
    expect(quote.lines.every((line) => line.problem === undefined)).toBe(true);
    expect(quote).toMatchObject({ count: 5, total: 173, ready: true, totals: { subtotal: 173 } });
  });

  it('holds each variant to its own stock: the 6 mm walnut is sold out while the product has stock', async () => {
    const res = await call(app(), 'POST', '/api/cart/quote', undefined, { lines: [{ productId: product._id, variantId: variant('06-WAL')._id, quantity: 1 }] });
    expect(res.json<CartQuote>()).toMatchObject({ lines: [{ problem: orderMessages.soldOut }], ready: false });
  });

  it('refuses a line of a product with options that names no variant, asking for a choice', async () => {
    const quote = await call(app(), 'POST', '/api/cart/quote', undefined, { lines: [{ productId: product._id, quantity: 1 }] });
    expect(quote.statusCode).toBe(200);
    expect(quote.json<CartQuote>()).toMatchObject({ lines: [{ productId: product._id, problem: cartMessages.chooseVariant }], ready: false });
    expect(cartMessages.chooseVariant).toBe('This tool comes in several kinds. Please choose one on its page.');

    const add = await addToCart(app(), buyer, product._id, 1);
    expect(add.statusCode).toBe(400);
    expect(add.json()).toEqual({ code: 'VALIDATION_FAILED', message: cartMessages.chooseVariant });
    const order = await call(app(), 'POST', '/api/orders', buyer, { productId: product._id, quantity: 1, ...shipping });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ code: 'VALIDATION_FAILED', message: cartMessages.chooseVariant });
  });

  it("keeps one cart line per variant, and a variant named with another product's id is not sold", async () => {
    const walnut = variant('10-WAL');
    const ash = variant('06-ASH');
    await call(app(), 'POST', '/api/cart/items', buyer, { productId: product._id, variantId: walnut._id, quantity: 1 });
    const res = await call(app(), 'POST', '/api/cart/items', buyer, { productId: product._id, variantId: ash._id, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines.map((line: { variantId: string; quantity: number; product: { variant: string } }) => [line.variantId, line.quantity, line.product.variant])).toEqual([
      [walnut._id, 1, 'Width 10 mm · Handle Walnut'],
      [ash._id, 2, 'Width 6 mm · Handle Ash'],
    ]);
    const set = await call(app(), 'PUT', `/api/cart/items/${ash._id}`, buyer, { quantity: 4 });
    expect(set.json().lines.map((line: { quantity: number }) => line.quantity)).toEqual([1, 4]);
    const elsewhere = (await listed()).find((other) => other._id !== product._id)!;
    expect((await call(app(), 'POST', '/api/cart/items', buyer, { productId: elsewhere._id, variantId: walnut._id, quantity: 1 })).statusCode).toBe(404);
  });
});

describe(`searching by SKU (${testDialect})`, () => {
  it("finds the demo's bench chisel by one of its variants' SKUs, in any case", async () => {
    for (const q of ['JNR-BC-10-WAL', 'jnr-bc-10-wal']) {
      const found = await listed(`q=${q}`);
      expect(
        found.map((product) => product.name),
        q,
      ).toEqual(['Joinery Bench Chisel']);
    }
  });
});

describe(`a hidden product (${testDialect})`, () => {
  let hidden: ProductWithPictures;
  beforeAll(async () => {
    hidden = await added({ ...chiselForm(), name: 'Secret skew chisel', hidden: true });
  });

  it('is not in the public list, nor found by its name or SKU, for anyone', async () => {
    for (const who of [undefined, people.carol, people.admin]) {
      expect((await listed('limit=100', who)).map((product) => product._id)).not.toContain(hidden._id);
      expect(await listed('q=secret%20skew', who)).toEqual([]);
      expect(await listed(`q=${hidden.variants[0]!.sku}`, who)).toEqual([]);
    }
  });

  it('is in Manage Products for an admin, and that list is refused to customers (403) and visitors (401)', async () => {
    const managed = await call(app(), 'GET', '/api/products/manage?limit=100', people.admin);
    expect(managed.statusCode).toBe(200);
    expect(managed.json<Product[]>().find((product) => product._id === hidden._id)).toMatchObject({ name: 'Secret skew chisel', hidden: true, price: 30, priceMax: 38.5 });
    expect((await call(app(), 'GET', '/api/products/manage?q=secret%20skew', people.admin)).json<Product[]>().map((product) => product._id)).toEqual([hidden._id]);
    expect((await call(app(), 'GET', '/api/products/manage', people.carol)).statusCode).toBe(403);
    expect((await call(app(), 'GET', '/api/products/manage')).statusCode).toBe(401);
  });

  it('is not found at its public address, for anyone: that answer is kept and shared by every visitor', async () => {
    for (const who of [undefined, people.carol, people.admin]) {
      expect((await call(app(), 'GET', `/api/products/${hidden._id}`, who)).statusCode).toBe(404);
    }
  });

  it('leaves its public address at once when an admin hides it, though that answer was kept, and comes back when shown', async () => {
    const form = chiselForm();
    const product = await added(form);
    expect((await call(app(), 'GET', `/api/products/${product._id}`)).statusCode).toBe(200);
    expect((await replaceProduct(app(), people.admin, product._id, { ...form, hidden: true })).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/api/products/${product._id}`)).statusCode).toBe(404);
    expect((await replaceProduct(app(), people.admin, product._id, { ...form, hidden: false })).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/api/products/${product._id}`)).json<ProductWithPictures>()).toMatchObject({ _id: product._id, hidden: false });
  });

  it('is read whole by the admin’s edit form, an answer never kept, and that read is refused to customers (403) and visitors (401)', async () => {
    const managed = await call(app(), 'GET', `/api/products/${hidden._id}/manage`, people.admin);
    expect(managed.statusCode).toBe(200);
    expect(managed.headers['cache-control']).toBe('private, no-store');
    expect(managed.json<ProductWithPictures>()).toMatchObject({ _id: hidden._id, name: 'Secret skew chisel', hidden: true, options, pictures: [picture, walnutPicture] });
    expect(managed.json<ProductWithPictures>().variants.map((variant) => variant.sku)).toEqual(hidden.variants.map((variant) => variant.sku));
    expect((await call(app(), 'GET', `/api/products/${hidden._id}/manage`, people.carol)).statusCode).toBe(403);
    expect((await call(app(), 'GET', `/api/products/${hidden._id}/manage`)).statusCode).toBe(401);
    expect((await call(app(), 'GET', '/api/products/no-such-id/manage', people.admin)).statusCode).toBe(404);
  });

  it('cannot be added to a cart, quoted or ordered', async () => {
    const variantId = hidden.variants[2]!._id;
    const add = await call(app(), 'POST', '/api/cart/items', people.carol, { productId: hidden._id, variantId, quantity: 1 });
    expect(add.statusCode).toBe(404);
    expect((await call(app(), 'PUT', `/api/cart/items/${variantId}`, people.carol, { quantity: 1 })).statusCode).toBe(404);
    const quote = await call(app(), 'POST', '/api/cart/quote', undefined, { lines: [{ productId: hidden._id, variantId, quantity: 1 }] });
    expect(quote.json<CartQuote>()).toMatchObject({ lines: [{ product: null, problem: cartMessages.gone }], ready: false });
    const order = await call(app(), 'POST', '/api/orders', people.carol, { productId: hidden._id, variantId, quantity: 1, ...shipping });
    expect(order.statusCode).toBe(404);
  });
});

describe(`one variant's stock under a hundred orders paid at once (${testDialect})`, () => {
  /** 31 pieces: the specification's rule keeps the last back when ordering, paying may take it. */
  const stock = 31;
  const otherStock = 40;
  const customerCount = 50;
  const ordersEach = 2;
  let product: ProductWithPictures;
  let customers: TestAccount[];

  beforeAll(async () => {
    const form = chiselForm({ options: [{ name: 'Width', values: ['6 mm', '10 mm'] }] });
    product = await added({
      ...form,
      variants: [
        { sku: `RACE-${skuCounter}-06`, options: { Width: '6 mm' }, price: 30, availQuantity: stock, weightGrams: 200 },
        { sku: `RACE-${skuCounter}-10`, options: { Width: '10 mm' }, price: 32, availQuantity: otherStock, weightGrams: 220 },
      ],
    });
    customers = [];
    while (customers.length < customerCount) customers.push(...(await Promise.all(Array.from({ length: 10 }, (_, index) => signUp(app(), `Racer ${customers.length + index}`)))));
  }, 120_000);

  /** What the product page and the payment page do for one piece: place the order, start the payment, give the card, mark it paid. The answers, up to the first refusal. */
  async function buyOne(who: TestAccount, variantId: string): Promise<LightMyRequestResponse[]> {
    const placed = await call(app(), 'POST', '/api/orders', who, { productId: product._id, variantId, quantity: 1, ...shipping });
    if (placed.statusCode !== 201) return [placed];
    const orderId = placed.json<{ _id: string }>()._id;
    const started = await startPayment(app(), who, orderId);
    if (started.statusCode !== 200) return [placed, started];
    const { clientSecret, transactionId } = started.json<{ clientSecret: string; transactionId: string }>();
    const authorised = await authorise(app(), who, orderId, clientSecret);
    if (authorised.statusCode !== 200) return [placed, started, authorised];
    return [placed, started, authorised, await confirmPayment(app(), who, orderId, transactionId)];
  }

  it('never oversells the variant: paid pieces and the stock left add up to the start, the other variant untouched', async () => {
    const [racing, other] = product.variants as [ProductWithPictures['variants'][number], ProductWithPictures['variants'][number]];
    const attempts = await Promise.all(customers.flatMap((who) => Array.from({ length: ordersEach }, () => buyOne(who, racing._id))));
    expect(attempts).toHaveLength(customerCount * ordersEach);

    // Every refusal is for want of stock, in the words of the step that met it.
    for (const answers of attempts) {
      const last = answers.at(-1)!;
      if (answers.length === 4 && last.statusCode === 200) continue;
      if (answers.length === 1) expect(last.json(), last.body).toEqual({ code: 'VALIDATION_FAILED', message: orderMessages.soldOut });
      else expect(last.json(), last.body).toMatchObject({ code: 'OUT_OF_STOCK' });
    }

    const paidLines = await db()
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.variant_id', 'order_lines.sku', 'order_lines.variant', 'order_lines.quantity'])
      .where('order_lines.product_id', '=', product._id)
      .where('orders.payment_status', '=', 'paid')
      .execute();
    const confirmed = attempts.filter((answers) => answers.length === 4 && answers[3]!.statusCode === 200);
    expect(paidLines).toHaveLength(confirmed.length);
    for (const line of paidLines) expect(line).toEqual({ variant_id: racing._id, sku: racing.sku, variant: 'Width 6 mm', quantity: 1 });

    const [left, untouched] = await variantsInDb(product._id);
    expect(left!.avail_quantity).toBeGreaterThanOrEqual(0);
    expect(paidLines.length + left!.avail_quantity).toBe(stock);
    // Ordering keeps the last piece back and paying may take it: at most one is left, as far more were wanted.
    expect(left!.avail_quantity).toBeLessThanOrEqual(1);
    expect(untouched).toEqual({ id: other._id, sku: other.sku, avail_quantity: otherStock });
    expect((await productRow(product._id)).avail_quantity).toBe(left!.avail_quantity + otherStock);
    expect(await db().selectFrom('product_variants').select('id').where('avail_quantity', '<', 0).execute()).toEqual([]);
  }, 120_000);
});
