import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopWithPeople, type ShopWithPeople } from '../test/accounts.ts';
import { call, type Caller, type Method } from '../test/call.ts';
import { added, deliveryAddress } from '../test/cart-checkout.ts';
import { addProduct, createIntent, placeOrder } from '../test/ordering.ts';
import { paidOrder } from '../test/paid-order.ts';
import { picture, upload } from '../test/shop-management.ts';
import { testDialect } from '../test/test-database.ts';

/**
 * Every operation of the OpenAPI document the shop serves, called as a visitor, a customer and an
 * admin with requests made from its own schemas: first a valid one, then the same with one string
 * at a time replaced by something awkward (a NUL byte, a lone surrogate, a very long text, the
 * e-mail addresses that once answered 500), numbers at and past their bounds, values of the wrong
 * type and bodies that are not JSON. Whatever the shop thinks of a request, it must answer it: no
 * answer may be 500 or above, on either database. The generator is seeded, so a failure repeats.
 */

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** mulberry32: a small seeded generator, so that every run sends the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Strings no route should answer 500 to, each tried in every operation: the text rule's (ADR 031),
 * the e-mail rule's (ADR 032) and a very long one.
 */
const awkwardStrings = [
  '\u0000',
  '\ud800',
  'a\u0000b',
  'Oak\udc00Town',
  'Saw \ud83d',
  'x'.repeat(10_000),
  'a!b@example.com',
  'a..b@example.com',
  'é@example.com',
  '"quoted"@example.com',
];

/** Other sharp edges, a few of them tried in each operation. */
const moreAwkwardStrings = [
  '',
  ' ',
  'é'.repeat(3_000),
  "o'brien@example.com",
  'Carol.Customer@EXAMPLE.COM',
  'a@b',
  '@',
  '%',
  '_',
  '\\',
  "'; drop table orders; --",
  '🪚 Dovetail',
  '\u202eevil',
  'line\r\nbreak',
  '__proto__',
  'null',
  '-1',
  '1e309',
  '2026-02-30T25:61:00.000Z_x',
  '9999-12-31T23:59:59.999Z_00000000-0000-0000-0000-000000000000',
];

/** Numbers for any numeric field, beside its own bounds and just past them. */
const awkwardNumbers = [0, -1, 0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308];

/** Things of the wrong type for a field. */
const wrongTypes: unknown[] = [null, {}, [], true, '12', 12];

/** Bodies that are not what any route expects. */
const oddBodies: { payload: Buffer; contentType: string }[] = [
  { payload: Buffer.from('{"unfinished": '), contentType: 'application/json' },
  { payload: Buffer.from('null'), contentType: 'application/json' },
  { payload: Buffer.from('[1,2,3]'), contentType: 'application/json' },
  { payload: Buffer.from('"\\u0000"'), contentType: 'application/json' },
  { payload: Buffer.from('{"a":"\\ud800"}'), contentType: 'application/json' },
  { payload: Buffer.from('a=1&b=%00'), contentType: 'application/x-www-form-urlencoded' },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: 'image/png' },
];

/** One leaf of a generated request: where it is, and the schema it was made from. */
interface Leaf {
  path: (string | number)[];
  schema: JsonSchema;
  kind: 'string' | 'number' | 'other';
}

interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** What the fixtures hold that a request may name: real ids, so that requests get past "not found". */
interface Fixtures {
  productId: string;
  paidOrderId: string;
  unpaidOrderId: string;
  lineId: string;
  clientSecret: string;
  addressId: string;
  imageId: string;
  email: string;
}

/** Percent-encodes a string for a URL; a lone surrogate, which has no UTF-8, goes as the three bytes WTF-8 gives it. */
function encodeLoosely(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(text[i]!);
    }
  }
  return encoded;
}

function setAt(target: RequestParts, path: (string | number)[], value: unknown): RequestParts {
  const copy = structuredClone(target) as unknown as Record<string | number, unknown>;
  let holder = copy;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  holder[path.at(-1)!] = value;
  return copy as unknown as RequestParts;
}

function removeAt(target: RequestParts, path: (string | number)[]): RequestParts {
  const copy = structuredClone(target) as unknown as Record<string | number, unknown>;
  let holder = copy;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  delete holder[path.at(-1)!];
  return copy as unknown as RequestParts;
}

/** Makes valid-looking requests for one document, with the fixtures' ids where a field names one. */
function requestMaker(document: OpenApiDocument, fixtures: Fixtures, random: () => number) {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const found = document.components?.schemas?.[name];
    if (!found) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(found);
  };
  const uuid = () =>
    'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (char) => {
      const digit = Math.floor(random() * 16);
      return (char === 'x' ? digit : (digit & 0x3) | 0x8).toString(16);
    });

  /** A plausible string for a field, by its name and its operation (`where`, as in `DELETE /api/orders/{id}`). */
  function stringFor(name: string, where: string, schema: JsonSchema): string {
    const [method = '', path = ''] = where.split(' ');
    const byName: Record<string, () => string> = {
      email: () => (path.startsWith('/api/users/') || path.startsWith('/api/orders/') ? fixtures.email : 'fuzz.visitor@example.com'),
      userEmail: () => fixtures.email,
      phone: () => '+1 555 010 2030',
      userNumber: () => '+1 555 010 2030',
      country: () => 'US',
      region: () => 'US-IL',
      postalCode: () => '60126',
      img: () => `/api/product-images/${fixtures.imageId}`,
      pictures: () => `/api/product-images/${fixtures.imageId}`,
      idempotencyKey: uuid,
      productId: () => fixtures.productId,
      orderId: () => fixtures.unpaidOrderId,
      lineId: () => fixtures.lineId,
      clientSecret: () => fixtures.clientSecret,
      cardNumber: () => '4242 4242 4242 4242',
      expiry: () => '12/34',
      cvc: () => '123',
      trackingNumber: () => '1Z 999 AA1',
      carrier: () => 'UPS',
      transactionId: uuid,
      token: () => uuid().replaceAll('-', ''),
      after: () => `2026-11-25T10:00:00.000Z_${uuid()}`,
      before: () => `2030-11-25T10:00:00.000Z_${uuid()}`,
      q: () => 'chisel',
      id: () => {
        if (path.startsWith('/api/products/') || path.startsWith('/api/cart/')) return fixtures.productId;
        // Cancelling needs an unpaid order; everything else about an order, a paid one.
        if (path.startsWith('/api/orders/')) return method === 'DELETE' ? fixtures.unpaidOrderId : fixtures.paidOrderId;
        if (path.startsWith('/api/duepaymentOrder/')) return fixtures.paidOrderId;
        if (path.startsWith('/api/addresses/')) return fixtures.addressId;
        if (path.startsWith('/api/product-images/')) return fixtures.imageId;
        if (path.startsWith('/api/jobs/')) return '1';
        return uuid();
      },
    };
    const made =
      byName[name]?.() ??
      (schema.format === 'uuid' ? uuid() : schema.format === 'email' ? 'fuzz@example.com' : schema.format === 'date-time' ? '2026-11-25T10:00:00.000Z' : 'Dovetail saw');
    const long = schema.minLength !== undefined && made.length < schema.minLength ? made.padEnd(schema.minLength, 'x') : made;
    return schema.maxLength !== undefined && long.length > schema.maxLength ? long.slice(0, schema.maxLength) : long;
  }

  /**
   * Optional fields the valid request leaves out: `stockSeen` makes a product's edit answer 409 once
   * its stock has moved, which the orders of this test do.
   */
  const leftOut = ['stockSeen'];

  /** Numbers that must agree with each other to pass (a product's minimum order is below its stock). */
  const numbersByName: Record<string, number> = { price: 25, availQuantity: 10, minQuantity: 1, quantity: 1, amount: 1 };

  function numberFor(name: string, schema: JsonSchema): number {
    const known = numbersByName[name];
    if (known !== undefined && (schema.minimum === undefined || known >= schema.minimum) && (schema.maximum === undefined || known <= schema.maximum)) return known;
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
    const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
    if ((low === undefined || low <= 1) && (high === undefined || high >= 1)) return 1;
    return low ?? high!;
  }

  /** A valid-looking value of the schema, its leaves recorded. */
  function valueOf(given: JsonSchema, name: string, where: string, at: (string | number)[], leaves: Leaf[]): unknown {
    const schema = resolve(given);
    if (schema.allOf) return valueOf(Object.assign({}, ...schema.allOf.map(resolve)) as JsonSchema, name, where, at, leaves);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) {
      const options = choices.map(resolve).filter((option) => option.type !== 'null');
      return valueOf(options[0] ?? {}, name, where, at, leaves);
    }
    if (schema.const !== undefined) {
      leaves.push({ path: at, schema, kind: typeof schema.const === 'string' ? 'string' : 'other' });
      return schema.const;
    }
    if (schema.enum) {
      const value = schema.enum[0];
      leaves.push({ path: at, schema, kind: typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'other' });
      return value;
    }
    const type = Array.isArray(schema.type) ? schema.type.find((option) => option !== 'null') : schema.type;
    switch (type ?? (schema.properties ? 'object' : 'string')) {
      case 'object': {
        const made = Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, valueOf(inner, key, where, [...at, key], leaves)] as const);
        // Its leaves are kept, so that the awkward requests give it.
        return Object.fromEntries(made.filter(([key]) => !leftOut.includes(key) || schema.required?.includes(key)));
      }
      case 'array':
        return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, (_, index) => valueOf(schema.items ?? {}, name, where, [...at, index], leaves));
      case 'integer':
      case 'number':
        leaves.push({ path: at, schema, kind: 'number' });
        return numberFor(name, schema);
      case 'boolean':
        leaves.push({ path: at, schema, kind: 'other' });
        return true;
      default:
        leaves.push({ path: at, schema, kind: 'string' });
        return stringFor(name, where, schema);
    }
  }

  /** A valid-looking request for the operation, and its leaves. */
  function validRequest(method: Method, route: string, operation: Operation): { parts: RequestParts; leaves: Leaf[]; pagers: Leaf[] } {
    const where = `${method} ${route}`;
    const leaves: Leaf[] = [];
    const parts: RequestParts = { path: {}, query: {} };
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      parts[parameter.in][parameter.name] = valueOf(parameter.schema ?? {}, parameter.name, where, [parameter.in, parameter.name], leaves);
    }
    const body = operation.requestBody?.content['application/json']?.schema;
    if (body) parts.body = valueOf(body, 'body', where, ['body'], leaves);
    // A list pages by one of after, before and offset (ADR 021): the valid request gives after alone,
    // and the other two are fuzzed in requests of their own.
    const cursors = 'after' in parts.query ? ['before', 'offset'].filter((name) => name in parts.query) : [];
    for (const name of cursors) delete parts.query[name];
    const alone = leaves.filter((leaf) => leaf.path[0] === 'query' && cursors.includes(String(leaf.path[1])));
    return { parts, leaves: leaves.filter((leaf) => !alone.includes(leaf)), pagers: alone };
  }

  return { validRequest };
}

interface FuzzRequest {
  method: Method;
  url: string;
  payload?: object | Buffer;
  contentType?: string;
}

/** A value as a URL carries it: text as it is, anything else (a number, or the wrong type on purpose) as its JSON. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function toRequest(method: Method, route: string, parts: RequestParts): FuzzRequest {
  const path = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeLoosely(asText(parts.path[name] ?? '')));
  const query = Object.entries(parts.query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(asText(value))}`)
    .join('&');
  const url = query ? `${path}?${query}` : path;
  if (parts.body === undefined) return { method, url };
  // A body that is not an object goes as the JSON text of it.
  if (typeof parts.body !== 'object' || parts.body === null) return { method, url, payload: Buffer.from(JSON.stringify(parts.body)), contentType: 'application/json' };
  return { method, url, payload: parts.body };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** The requests for one operation: a valid one, then each kind of awkwardness. */
function requestsFor(method: Method, route: string, operation: Operation, maker: ReturnType<typeof requestMaker>, random: () => number, pictures: Buffer[]): FuzzRequest[] {
  const { parts, leaves, pagers } = maker.validRequest(method, route, operation);
  const strings = leaves.filter((leaf) => leaf.kind === 'string');
  const numbers = leaves.filter((leaf) => leaf.kind === 'number');
  const variants: RequestParts[] = [parts];
  if (strings.length > 0) {
    // Each awkward string once, in one field picked at random, the others left valid.
    const some = Array.from({ length: 5 }, () => pick(random, moreAwkwardStrings));
    for (const awkward of [...awkwardStrings, ...some]) variants.push(setAt(parts, pick(random, strings).path, awkward));
    // And in every string field at once.
    for (const awkward of ['\u0000', '\ud800', 'é@example.com']) variants.push(strings.reduce((changed, leaf) => setAt(changed, leaf.path, awkward), parts));
  }
  for (const leaf of numbers) {
    const { minimum, maximum } = leaf.schema;
    const bounds = [minimum, maximum, minimum === undefined ? undefined : minimum - 1, maximum === undefined ? undefined : maximum + 1].filter((value) => value !== undefined);
    for (const value of [...bounds, pick(random, awkwardNumbers)]) variants.push(setAt(parts, leaf.path, value));
  }
  for (const pager of pagers) {
    const withoutAfter = removeAt(parts, ['query', 'after']);
    const values =
      pager.kind === 'number'
        ? [pager.schema.minimum, pager.schema.maximum, -1, 2 ** 53, 0.5]
        : ['\u0000', '\ud800', '', 'x'.repeat(10_000), '2026-02-30T25:61:00.000Z_x', `2026-11-25T10:00:00.000Z_${'é'.repeat(40)}`];
    for (const value of values) variants.push(setAt(withoutAfter, pager.path, value));
  }
  if (leaves.length > 0) {
    for (let i = 0; i < 3; i += 1) variants.push(setAt(parts, pick(random, leaves).path, pick(random, wrongTypes)));
    variants.push(removeAt(parts, pick(random, leaves).path));
  }
  const requests = variants.map((variant) => toRequest(method, route, variant));
  if (method !== 'GET' && method !== 'DELETE') {
    const base = toRequest(method, route, { ...parts, body: undefined });
    // An operation whose body is not JSON (the picture upload's is the file itself) gets every odd
    // body, a real picture and one cut short among them.
    const odd =
      parts.body === undefined ? [...oddBodies, ...pictures.map((payload) => ({ payload, contentType: 'image/png' }))] : [pick(random, oddBodies), pick(random, oddBodies)];
    for (const body of odd) requests.push({ ...base, ...body });
  }
  return requests;
}

/** Operations that change or end what later calls use go last: deleting, ending sessions. */
const lastOfAll = (method: string, route: string) => method === 'delete' || route.includes('end-others');

let people: ShopWithPeople;
let fixtures: Fixtures;
let document: OpenApiDocument;
/** A small PNG, whole and cut short. */
let pictures: Buffer[];

beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
  const { app, db } = people.shop;
  const chisel = await addProduct(db, { name: 'Fuzzing chisel', priceCents: 2200, minQuantity: 1, availQuantity: 100_000 });
  const paid = await paidOrder(app, people.carol, chisel.id, 3);
  const unpaid = await placeOrder(app, people.carol, chisel.id, 1);
  const { clientSecret } = await createIntent(app, people.carol, unpaid._id);
  const address = await call(app, 'POST', '/api/addresses', people.carol, deliveryAddress);
  if (address.statusCode !== 201) throw new Error(`adding an address failed: ${address.statusCode} ${address.body}`);
  await added(app, people.carol, chisel.id, 1);
  const png = await picture('png');
  pictures = [png, png.subarray(0, Math.floor(png.length / 2))];
  const uploaded = await upload(app, people.admin, png, 'image/png');
  if (uploaded.statusCode !== 201) throw new Error(`uploading a picture failed: ${uploaded.statusCode} ${uploaded.body}`);
  fixtures = {
    productId: chisel.id,
    paidOrderId: paid.order._id,
    unpaidOrderId: unpaid._id,
    lineId: paid.order.lines[0]!.lineId,
    clientSecret,
    addressId: address.json<{ _id: string }>()._id,
    imageId: uploaded.json<{ img: string }>().img.split('/').at(-1)!,
    email: people.carol.email,
  };
  document = app.swagger() as unknown as OpenApiDocument;
});
afterAll(() => people?.shop.close());

/** How many operations, at least, answer each caller's valid request with success. */
const minimumReached: Record<number, number> = { 1: 8, 2: 28, 3: 36 };

const callers: [string, number, () => Caller][] = [
  ['a visitor', 1, () => undefined],
  ['a customer', 2, () => people.carol],
  ['an admin', 3, () => people.admin],
];

describe(`every operation of the OpenAPI document, fuzzed (${testDialect})`, () => {
  it('has operations to fuzz, the upload among them', () => {
    const operations = Object.values(document.paths).flatMap((operations) => Object.keys(operations));
    expect(operations.length).toBeGreaterThan(40);
    expect(document.paths['/api/product-images']?.post).toBeDefined();
  });

  it.each(callers)('never answers 500 or more to %s', { timeout: 120_000 }, async (_who, seed, who) => {
    const random = seededRandom(0x70a1 * seed);
    const caller = who();
    // The admin's calls name another customer's account, so that the customer's own stays as it was.
    const maker = requestMaker(document, caller === people.admin ? { ...fixtures, email: people.oscar.email } : fixtures, random);
    const operations = Object.entries(document.paths)
      .flatMap(([route, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ route, method, operation: operation })))
      .sort((a, b) => Number(lastOfAll(a.method, a.route)) - Number(lastOfAll(b.method, b.route)));

    const offenders: string[] = [];
    const reached: string[] = [];
    let sent = 0;
    const send = async (request: FuzzRequest): Promise<number> => {
      sent += 1;
      const answer = await call(people.shop.app, request.method, request.url, caller, request.payload, { contentType: request.contentType });
      if (answer.statusCode >= 500) {
        const body = request.payload === undefined ? '' : ` ${(Buffer.isBuffer(request.payload) ? request.payload.toString() : JSON.stringify(request.payload)).slice(0, 300)}`;
        offenders.push(`${request.method} ${request.url.slice(0, 200)}${body} → ${answer.statusCode} ${answer.body.slice(0, 300)}`);
      }
      return answer.statusCode;
    };
    for (const { route, method, operation } of operations) {
      const verb = method.toUpperCase() as Method;
      const [valid, ...awkward] = requestsFor(verb, route, operation, maker, random, pictures);
      const status = await send(valid!);
      if (status < 300) reached.push(`${verb} ${route}`);
      // Refused before anything reads the request (not signed in, not an admin): a sample of the rest is enough.
      const refused = status === 401 || status === 403;
      for (const [index, request] of awkward.entries()) if (!refused || index % 8 === 0) await send(request);
    }
    expect(offenders, `${offenders.length} of ${sent} requests answered 500 or more`).toEqual([]);
    // The valid requests must mostly get through, or the awkward ones test only the validation.
    expect(reached.length, `operations that answered the valid request: ${reached.join(', ')}`).toBeGreaterThanOrEqual(minimumReached[seed]!);
  });
});
