import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookLimits, addressBookMessages, type SavedAddress } from '../../../common/schemas/addresses.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { deliveryAddress, checkOut } from '../../test/cart-checkout.ts';
import { addProduct, type TestProduct } from '../../test/ordering.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';

/**
 * ADR 030: a customer keeps an address book (at most 20, exactly one default while there is any),
 * their own only; and every address the shop takes, in the book, on an order or at checkout, is
 * checked against the country's regions and postal code format, each problem on its field.
 */
let people: ShopWithPeople;
let chisel: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople();
  chisel = await addProduct(people.shop.db, { name: 'Sash mortise chisel', priceCents: 3100, minQuantity: 1, availQuantity: 100 });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const workshop = { name: 'Carol Customer', line1: '40 Lathe Street', line2: 'Unit 2', city: 'Portland', region: 'US-OR', postalCode: '97205', country: 'US' };
const cottage = { name: 'Carol Customer', line1: '3 Yew Lane', city: 'Halifax', region: 'CA-NS', postalCode: 'B3H 1A1', country: 'CA' };

/** A refusal of the request's fields, as the API words it: each field named with its message. */
const invalid = (problem: string) => ({ code: 'VALIDATION_FAILED', message: `Invalid request. ${problem}` });

const book = async (who: TestAccount) => (await call(app(), 'GET', '/api/addresses', who)).json<SavedAddress[]>();
const save = (who: TestAccount, address: object) => call(app(), 'POST', '/api/addresses', who, address);

describe('the address book', () => {
  it('saves addresses, the first as the default, and lists the default first, then the newest', async () => {
    const carol = await signUp(app(), 'Carol Customer');
    expect(await book(carol)).toEqual([]);

    const first = await save(carol, workshop);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ _id: expect.any(String), ...workshop, isDefault: true });
    const second = (await save(carol, cottage)).json<SavedAddress>();
    expect(second.isDefault).toBe(false);
    expect((await book(carol)).map((address) => [address.line1, address.isDefault])).toEqual([
      ['40 Lathe Street', true],
      ['3 Yew Lane', false],
    ]);

    // Making the second the default unmakes the first, in one change.
    const changed = await call(app(), 'PUT', `/api/addresses/${second._id}`, carol, { ...cottage, line1: '5 Yew Lane', isDefault: true });
    expect(changed.json()).toMatchObject({ _id: second._id, line1: '5 Yew Lane', isDefault: true });
    expect((await book(carol)).map((address) => [address.line1, address.isDefault])).toEqual([
      ['5 Yew Lane', true],
      ['40 Lathe Street', false],
    ]);

    // Deleting the default makes the newest other address the default.
    expect((await call(app(), 'DELETE', `/api/addresses/${second._id}`, carol)).json()).toEqual({ deletedCount: 1 });
    expect((await book(carol)).map((address) => [address.line1, address.isDefault])).toEqual([['40 Lathe Street', true]]);
  });

  it('refuses a bad address with a message on the field, and saves nothing', async () => {
    const buyer = await signUp(app(), 'Bad Typist');
    for (const [change, message] of [
      [{ postalCode: '9720' }, 'postalCode: Enter a ZIP code of 5 digits, or ZIP+4 (94103 or 94103-1234)'],
      [{ country: 'XK1' }, 'country: Choose a country from the list'],
      [{ country: 'ZZ' }, 'country: Choose a country from the list'],
      [{ region: undefined }, 'region: State is Required'],
      [{ line1: ' ' }, 'line1: Address is Required'],
    ] as const) {
      const refused = await save(buyer, { ...workshop, ...change });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(invalid(message));
    }
    expect(await book(buyer)).toEqual([]);
  });

  it(`holds ${addressBookLimits.addresses} addresses and one default, however many are saved at once (${testDialect})`, async () => {
    const buyer = await signUp(app(), 'Many Homes');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => save(buyer, { ...workshop, line1: `${index + 1} Lathe Street`, isDefault: true })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(addressBookLimits.addresses);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) expect(refused.json()).toEqual({ code: 'ADDRESS_BOOK_FULL', message: addressBookMessages.full });
    const saved = await book(buyer);
    expect(saved).toHaveLength(addressBookLimits.addresses);
    expect(saved.filter((address) => address.isDefault)).toHaveLength(1);
  });

  it('is each customer’s own: another’s address answers 404 and is left as it was; visitors get 401', async () => {
    const owner = await signUp(app(), 'Owner');
    const other = await signUp(app(), 'Other');
    const mine = (await save(owner, workshop)).json<SavedAddress>();
    expect((await call(app(), 'PUT', `/api/addresses/${mine._id}`, other, cottage)).statusCode).toBe(404);
    expect((await call(app(), 'DELETE', `/api/addresses/${mine._id}`, other)).statusCode).toBe(404);
    expect(await book(other)).toEqual([]);
    expect(await book(owner)).toEqual([mine]);
    expect((await call(app(), 'GET', '/api/addresses')).statusCode).toBe(401);
    expect((await call(app(), 'POST', '/api/addresses', undefined, workshop)).statusCode).toBe(401);
  });
});

describe('an order’s address', () => {
  const place = (shippingAddress: object) => call(app(), 'POST', '/api/orders', people.carol, { productId: chisel.id, quantity: 1, phone: '+1 555 010 2030', shippingAddress });

  it('is kept structured, and as one line in the specification’s adress', async () => {
    const placed = await place(workshop);
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ shippingAddress: workshop, adress: '40 Lathe Street, Unit 2, Portland, OR 97205, United States' });
  });

  it.each([
    ['an invalid US ZIP code', { postalCode: '97205-1' }, 'shippingAddress.postalCode: Enter a ZIP code of 5 digits, or ZIP+4 (94103 or 94103-1234)'],
    ['an unknown country', { country: 'QQ' }, 'shippingAddress.country: Choose a country from the list'],
    ['a missing region where the country has regions', { region: undefined }, 'shippingAddress.region: State is Required'],
    ['a Canadian province given for a US address', { region: 'CA-NS' }, 'shippingAddress.region: Choose a state of United States from the list'],
  ])('refuses %s with 400 and a message on the field, and places nothing', async (_case, change, message) => {
    const before = await people.shop.db.selectFrom('orders').select('id').execute();
    const refused = await place({ ...workshop, ...change });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(invalid(message));
    expect(await people.shop.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
  });

  it('takes the specification’s free-text adress too, kept whole with the country unknown', async () => {
    const placed = await call(app(), 'POST', '/api/orders', people.carol, { productId: chisel.id, quantity: 1, phone: '+1 555 010 2030', adress: '12 Bench Lane, Oak Town' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ adress: '12 Bench Lane, Oak Town' });
    expect(placed.json().shippingAddress).toBeUndefined();
  });

  it('is required: neither a structured address nor a free-text one is refused on the address', async () => {
    const refused = await call(app(), 'POST', '/api/orders', people.carol, { productId: chisel.id, quantity: 1, phone: '+1 555 010 2030' });
    expect(refused.json()).toEqual(invalid('shippingAddress: Address is Required'));
  });

  it('is checked at checkout as on an order', async () => {
    const refused = await checkOut(app(), people.carol, { phone: '+1 555 010 2030', shippingAddress: { ...deliveryAddress, postalCode: 'ABCDE' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(invalid('shippingAddress.postalCode: Enter a ZIP code of 5 digits, or ZIP+4 (94103 or 94103-1234)'));
  });
});
