// The scale benchmark's data, as INSERT ... SELECT statements that generate every row inside the
// database: row n of each table is a pure function of n, so that an order can name its product and
// customer by their numbers without a join, and every run loads the same shop.

// The shop's own recount of the order figures its triggers keep, from the build (`npm run bench:scale`
// builds first), run after the load, which on PostgreSQL has triggers off. Its type comes from the
// source (the linter reads a dynamic import as `any` whatever its cast, hence the exception).
const recountModule = new URL('../../dist/server/db/order-figures-recount.js', import.meta.url).href;
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
const { orderFiguresRecount } = /** @type {typeof import('../../server/db/order-figures-recount.js')} */ (await import(recountModule));

/** How many rows of each kind are loaded. */
export const counts = {
  products: 100_000,
  customers: 10_000,
  orders: 1_000_000,
  reviews: 200_000,
  newsletterSubscribers: 100_000,
  contactMessages: 2_000,
};

/**
 * What differs between SQLite and PostgreSQL in the generating SQL.
 * @typedef {object} SqlDialect
 * @property {(count: number) => string} series A FROM item of the integers 1..count, as column `i`.
 * @property {(prefix: string, n: string) => string} recordId A UUID-shaped id (the API checks ids by that shape).
 * @property {(n: string, width: number) => string} zeroPadded
 * @property {(epochSeconds: string) => string} isoTime ISO-8601 text in UTC, as the shop stores its times.
 * @property {(epochSeconds: string) => string} authTime better-auth's own timestamp type on this database.
 * @property {(value: boolean) => string} authBoolean better-auth's own boolean type on this database.
 */

/** Each table's ids start differently, so that no two rows anywhere share one. */
const idPrefix = { product: '00000001', customer: '00000002', order: '00000003', review: '00000004', subscriber: '00000005', message: '00000006' };

/** The kinds of tool the catalogue is made of: their category, name and a picture the shop ships. */
const toolKinds = [
  ['chisels', 'Bevel-Edge Chisel', 'bevel-edge-chisel-set'],
  ['chisels', 'Mortise Chisel', 'mortise-chisel'],
  ['chisels', 'Paring Chisel', 'bevel-edge-chisel-set'],
  ['planes', 'Smoothing Plane', 'smoothing-plane'],
  ['planes', 'Block Plane', 'block-plane'],
  ['planes', 'Shoulder Plane', 'shoulder-plane'],
  ['planes', 'Jack Plane', 'smoothing-plane'],
  ['saws', 'Dovetail Saw', 'dovetail-saw'],
  ['saws', 'Ryoba Pull Saw', 'ryoba-saw'],
  ['saws', 'Tenon Saw', 'tenon-saw'],
  ['saws', 'Coping Saw', 'dovetail-saw'],
  ['marking-and-measuring', 'Marking Gauge', 'marking-gauge'],
  ['marking-and-measuring', 'Combination Square', 'combination-square'],
  ['marking-and-measuring', 'Marking Knife', 'marking-knife'],
  ['mallets-and-hammers', "Joiner's Mallet", 'joiners-mallet'],
  ['mallets-and-hammers', 'Warrington Hammer', 'joiners-mallet'],
  ['spokeshaves-and-scrapers', 'Flat-Sole Spokeshave', 'spokeshave'],
  ['spokeshaves-and-scrapers', 'Card Scraper', 'card-scraper-set'],
  ['sharpening', 'Combination Waterstone', 'marking-knife'],
  ['sharpening', 'Honing Guide', 'bevel-edge-chisel-set'],
  ['clamps', 'F-Clamp', 'combination-square'],
  ['clamps', 'Bench Holdfast', 'joiners-mallet'],
  ['other', 'Bench Hook', 'joiners-mallet'],
  ['other', 'Dowel Plate', 'marking-knife'],
];
const series = ['Heritage', 'Workshop', "Cabinetmaker's", 'Journeyman', 'Apprentice', 'Master', 'Northern', 'Fine', 'Heavy-Duty', 'Compact', 'Classic', 'Oak Leaf'];
const sizes = ['6', '8', '10', '12', '13', '16', '19', '20', '22', '25'];
const steels = ['O1 tool steel', 'A2 tool steel', 'PM-V11 steel', 'high-carbon steel', 'Japanese white steel'];
const woods = ['beech', 'ash', 'hornbeam', 'walnut', 'bubinga', 'cherry', 'maple'];
const uses = [
  'Holds an edge through a day of dovetails',
  'Made for fitting tenons and trimming end grain',
  'A first tool for the new woodworker',
  'Flattened, honed and ready to use',
  'Balanced for long sessions at the bench',
  'Built to be handed down',
];
const firstNames = [
  'Ada',
  'Ben',
  'Clara',
  'Dev',
  'Elena',
  'Finn',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kai',
  'Lena',
  'Marco',
  'Nora',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
];
const lastNames = [
  'Archer',
  'Baker',
  'Carter',
  'Dalton',
  'Ellis',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quint',
  'Rossi',
  'Sato',
  'Turner',
  'Umar',
  'Varga',
  'Walsh',
  'Young',
  'Zimmer',
];
const streets = ['Maple Street', 'Mill Lane', 'Sawyer Road', 'Oak Avenue', 'Harbour Way', 'Chapel Row'];
const towns = ['Springfield', 'Riverton', 'Lakeside', 'Hillcrest', 'Fairview', 'Kingsbridge'];
const reviewOpeners = [
  'The chisel arrived razor sharp and',
  'This plane took a whisper-thin shaving straight out of the box and',
  'The saw cuts true along the line and',
  'A lovely marking gauge that',
  'The mallet is heavier than it looks and',
  'My spokeshave',
  'The clamps',
];
const reviewEndings = ['has become my favourite tool.', 'was worth every cent.', 'needed a little honing first.', 'shipped quickly and well packed.', 'feels solid in the hand.'];
const requirements = [
  'Do you sell replacement blades for the smoothing plane?',
  'Can I order twenty chisel sets for a school workshop?',
  'My dovetail saw arrived with a bent plate. What can be done?',
  'Do you ship to Norway, and how long does it take?',
];

/** @param {string} text */
const literal = (text) => `'${text.replaceAll("'", "''")}'`;

/**
 * The entry of `list` at `index` (wrapping round): a CASE, which both databases read the same way.
 * @param {readonly string[]} list
 * @param {string} index
 */
const pick = (list, index) => `(case (${index}) % ${list.length} ${list.map((item, at) => `when ${at} then ${literal(item)}`).join(' ')} end)`;

/** @param {number} column */
const kindColumn = (column) => toolKinds.map((kind) => kind[column] ?? '');

/** Product n's name, price and the like, written once so that orders repeat what their product says. */
const product = {
  /** @param {SqlDialect} d @param {string} n */
  id: (d, n) => d.recordId(idPrefix.product, n),
  /** @param {string} n */
  name: (n) => `'Joinery ' || ${pick(series, `(${n}) / ${toolKinds.length}`)} || ' ' || ${pick(kindColumn(1), n)} || ', ' || ${pick(sizes, `(${n}) / 7`)} || ' mm'`,
  /** @param {string} n */
  priceCents: (n) => `(900 + ((${n}) * 7919) % 40000)`,
};

/** Customer n's name, e-mail address and the like. */
const customer = {
  /** @param {SqlDialect} d @param {string} n */
  id: (d, n) => d.recordId(idPrefix.customer, n),
  /** @param {string} n */
  name: (n) => `${pick(firstNames, n)} || ' ' || ${pick(lastNames, `(${n}) / ${firstNames.length}`)}`,
  /** @param {string} n */
  email: (n) => `lower(${pick(firstNames, n)} || '.' || ${pick(lastNames, `(${n}) / ${firstNames.length}`)}) || '.' || (${n}) || '@example.com'`,
  /** @param {SqlDialect} d @param {string} n */
  phone: (d, n) => `'+1555' || ${d.zeroPadded(n, 7)}`,
  /** @param {string} n */
  adress: (n) => `(1 + (${n}) % 999) || ' ' || ${pick(streets, n)} || ', ' || ${pick(towns, `(${n}) / 7`)}`,
};

/**
 * The newest row is `now`; the others go back `spacing` seconds each.
 * @param {number} now epoch seconds
 * @param {number} count
 * @param {number} spacing
 */
const timeOfRow = (now, count, spacing) => `(${now} - (${count} - i) * ${spacing})`;

/**
 * @param {SqlDialect} d
 * @param {number} now epoch seconds
 */
function productsInsert(d, now) {
  const n = 'i';
  return `insert into products (id, name, description, img, price_cents, min_quantity, avail_quantity, created_at, category)
    select ${product.id(d, n)}, ${product.name(n)},
      'A ' || lower(${pick(kindColumn(1), n)}) || ' in ' || ${pick(steels, `${n} / 3`)} || ', with a ' || ${pick(woods, `${n} / 5`)} || ' handle. ' || ${pick(uses, `${n} / 11`)} || '. Model ' || ${n} || '.',
      '/images/products/' || ${pick(kindColumn(2), n)} || '.webp',
      ${product.priceCents(n)}, 1 + ${n} % 3, ${n} * 37 % 400, ${d.isoTime(timeOfRow(now, counts.products, 60))}, ${pick(kindColumn(0), n)}
    from ${d.series(counts.products)}`;
}

/**
 * Three variants of each loaded product (ADR 039), by handle: the first has the product's id, the
 * second half its stock at $10 more, the third is sold out at $5 more. Ids stay UUID-shaped.
 */
function variantsInsert() {
  return `insert into product_variants (id, product_id, position, sku, options, price_cents, avail_quantity, weight_grams, img, low_stock_noticed)
    select case when k = 0 then p.id else '0000000' || (k + 7) || substr(p.id, 9) end, p.id, k, 'JNR-' || upper(substr(p.id, 25)) || '-' || k,
      case k when 0 then '{"Handle":"Beech"}' when 1 then '{"Handle":"Walnut"}' else '{"Handle":"Ash"}' end,
      p.price_cents + case k when 0 then 0 when 1 then 1000 else 500 end,
      case k when 0 then p.avail_quantity when 1 then p.avail_quantity / 2 else 0 end, 0, '', 0
    from products p cross join (select 0 as k union all select 1 union all select 2) handles
    where p.id like '${idPrefix.product}-%'`;
}

/** The products' rows as their variants make them: options offered, highest price, stock summed. */
function productsFromVariantsUpdate() {
  return `update products set options = '[{"name":"Handle","values":["Beech","Walnut","Ash"]}]', price_max_cents = price_cents + 1000,
      avail_quantity = avail_quantity + avail_quantity / 2
    where id like '${idPrefix.product}-%'`;
}

/** Each loaded product's one picture, its main one, as migration 015 gives every product. */
function productPicturesInsert() {
  return `insert into product_pictures (product_id, position, img) select id, 0, img from products where id like '${idPrefix.product}-%'`;
}

/**
 * @param {SqlDialect} d
 * @param {number} now epoch seconds
 */
function customersInsert(d, now) {
  const n = 'i';
  const createdAt = d.authTime(timeOfRow(now, counts.customers, 9000));
  return `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, "twoFactorEnabled")
    select ${customer.id(d, n)}, ${customer.name(n)}, ${customer.email(n)}, ${d.authBoolean(true)}, ${createdAt}, ${createdAt}, 'user', ${d.authBoolean(false)}
    from ${d.series(counts.customers)}`;
}

/**
 * Two years of orders, one every 63 seconds. Most are paid: the last three days' wait to ship, the
 * last eleven days' are on their way, older ones delivered (a few stuck at each stage). Unpaid ones
 * are left open only from the last two days, since older ones would have expired (and the shop's
 * expiry sweep would cancel them while the calls are measured).
 * @param {SqlDialect} d
 * @param {number} now epoch seconds
 * @param {number} lastNumber the order number given last before the load
 */
function ordersInsert(d, now, lastNumber) {
  const total = counts.orders;
  const stage = `case when h < 3 then 'cancelled' when h < 8 and j > ${total - 2_700} then 'unpaid' when h < 8 then 'expired'
    when j > ${total - 4_000} or h = 98 then 'pending' when j > ${total - 15_000} or h = 99 then 'shipped' else 'delivered' end`;
  const paid = `stage in ('pending', 'shipped', 'delivered')`;
  const sent = `stage in ('shipped', 'delivered')`;
  return `insert into orders (id, product_id, product, customer_name, email, unit_price_cents, price_cents, subtotal_cents, quantity, phone, adress,
      payment_status, transaction_id, created_at, user_id, paid_at, shipping_status, number, shipped_at, carrier, tracking_number,
      delivered_at, cancelled_at, cancel_reason, card_brand, card_last4, shipped_quantity)
    select ${d.recordId(idPrefix.order, 'j')}, ${product.id(d, 'p')}, ${product.name('p')}, ${customer.name('c')}, ${customer.email('c')},
      ${product.priceCents('p')}, ${product.priceCents('p')} * (1 + j % 3), ${product.priceCents('p')} * (1 + j % 3), 1 + j % 3,
      ${customer.phone(d, 'c')}, ${customer.adress('c')},
      case when ${paid} then 'paid' else 'unpaid' end,
      case when ${paid} then 'pi_scale_' || j end,
      ${d.isoTime('t')}, ${customer.id(d, 'c')},
      case when ${paid} then ${d.isoTime('t + 300')} end,
      case when ${paid} then stage end,
      ${lastNumber} + j,
      case when ${sent} then ${d.isoTime('t + 86400')} end,
      case when ${sent} then ${pick(['UPS', 'USPS', 'FedEx', 'DHL', 'Royal Mail'], 'j')} end,
      case when ${sent} then '1Z' || ${d.zeroPadded('j', 10)} end,
      case when stage = 'delivered' then ${d.isoTime('t + 345600')} end,
      case when stage = 'cancelled' then ${d.isoTime('t + 3600')} when stage = 'expired' then ${d.isoTime('t + 259200')} end,
      case when stage = 'cancelled' then ${pick(['customer', 'admin'], 'j')} when stage = 'expired' then 'expired' end,
      case when ${paid} then ${pick(['visa', 'mastercard', 'amex'], 'j')} end,
      case when ${paid} then ${d.zeroPadded('j * 7 % 10000', 4)} end,
      case when ${sent} then 1 + j % 3 else 0 end
    from (
      select j, h, p, c, t, ${stage} as stage
      from (select i as j, i * 37 % 100 as h, 1 + i * 7919 % ${counts.products} as p, 1 + i * 104729 % ${counts.customers} as c, ${timeOfRow(now, total, 63)} as t
            from ${d.series(total)}) as numbered
    ) as staged`;
}

/**
 * Each order's one line (ADR 034), under the order's own id, repeating what the order says of its
 * product, with its category and total (no discount, no tax) as a checkout records them: the sales
 * reports count them (ADR 041).
 */
function orderLinesInsert() {
  return `insert into order_lines (id, order_id, line, product_id, product, img, unit_price_cents, quantity, price_cents, total_cents, category, shipped_quantity)
    select orders.id, orders.id, 1, orders.product_id, orders.product, coalesce(products.img, ''), orders.unit_price_cents, orders.quantity,
      orders.price_cents, orders.price_cents, products.category, orders.shipped_quantity
    from orders left join products on products.id = orders.product_id`;
}

/**
 * Half the reviews are about one of the newest 20,000 products (five each), the others about the shop.
 * @param {SqlDialect} d
 * @param {number} now epoch seconds
 */
function reviewsInsert(d, now) {
  const n = 'i';
  const c = `(1 + ${n} * 7 % ${counts.customers})`;
  return `insert into reviews (id, name, email, review, ratings, created_at, product_id, verified_buyer)
    select ${d.recordId(idPrefix.review, n)}, ${customer.name(c)}, ${customer.email(c)},
      ${pick(reviewOpeners, n)} || ' ' || ${pick(reviewEndings, `${n} / 7`)},
      case when ${n} % 10 < 5 then 5 when ${n} % 10 < 8 then 4 when ${n} % 10 = 8 then 3 else 1 + ${n} % 2 end,
      ${d.isoTime(timeOfRow(now, counts.reviews, 300))},
      case when ${n} % 2 = 0 then ${product.id(d, `${counts.products} - (${n} / 2) % 20000`)} end,
      case when ${n} % 4 = 0 then 1 else 0 end
    from ${d.series(counts.reviews)}`;
}

/**
 * One in twenty has not confirmed yet.
 * @param {SqlDialect} d
 * @param {number} now epoch seconds
 */
function newsletterSubscribersInsert(d, now) {
  const n = 'i';
  const createdAt = timeOfRow(now, counts.newsletterSubscribers, 600);
  return `insert into newsletter_subscribers (id, email, created_at, confirmed_at)
    select ${d.recordId(idPrefix.subscriber, n)}, 'reader' || ${n} || '@' || ${pick(['example.net', 'example.org', 'example.com'], n)},
      ${d.isoTime(createdAt)}, case when ${n} % 20 <> 0 then ${d.isoTime(`${createdAt} + 600`)} end
    from ${d.series(counts.newsletterSubscribers)}`;
}

/**
 * @param {SqlDialect} d
 * @param {number} now epoch seconds
 */
function contactMessagesInsert(d, now) {
  const n = 'i';
  return `insert into contact_messages (id, name, email, phone, requirement, created_at)
    select ${d.recordId(idPrefix.message, n)}, ${customer.name(n)}, ${customer.email(n)},
      case when ${n} % 3 = 0 then '' else ${customer.phone(d, n)} end, ${pick(requirements, n)},
      ${d.isoTime(timeOfRow(now, counts.contactMessages, 3600))}
    from ${d.series(counts.contactMessages)}`;
}

/**
 * Every 3,000th order becomes the signed-up customer's, so that their own order list has a few hundred.
 * @param {SqlDialect} d
 * @param {{ id: string, name: string, email: string }} owner
 */
function ordersOfCustomerUpdate(d, owner) {
  return `update orders set user_id = ${literal(owner.id)}, customer_name = ${literal(owner.name)}, email = ${literal(owner.email)}
    where id in (select ${d.recordId(idPrefix.order, 'i * 3000')} from ${d.series(Math.floor(counts.orders / 3000))})`;
}

/**
 * A step of the load: what it loads, the table it fills (unset for a change to rows loaded already), and its SQL.
 * @typedef {{ what: string, table?: string, sql: string }} LoadStep
 */

/**
 * The steps that load the shop, in an order that satisfies every foreign key.
 * @param {SqlDialect} d
 * @param {number} now epoch seconds
 * @param {number} lastNumber the order number given last before the load
 * @param {{ id: string, name: string, email: string }} owner the customer signed up through the API
 * @returns {LoadStep[]}
 */
export function loadSteps(d, now, lastNumber, owner) {
  /** @param {number} count */
  const many = (count) => count.toLocaleString('en');
  return [
    { what: `${many(counts.products)} products`, table: 'products', sql: productsInsert(d, now) },
    { what: `${many(counts.products)} product pictures`, table: 'product_pictures', sql: productPicturesInsert() },
    { what: `${many(counts.products * 3)} product variants`, table: 'product_variants', sql: variantsInsert() },
    { what: "the products' prices and stock from their variants", sql: productsFromVariantsUpdate() },
    { what: `${many(counts.customers)} customers`, table: 'user', sql: customersInsert(d, now) },
    { what: `${many(counts.orders)} orders`, table: 'orders', sql: ordersInsert(d, now, lastNumber) },
    { what: `${many(counts.orders)} order lines`, table: 'order_lines', sql: orderLinesInsert() },
    { what: `${Math.floor(counts.orders / 3000)} of them given to the signed-up customer`, sql: ordersOfCustomerUpdate(d, owner) },
    // PostgreSQL loads with triggers off, as pg_restore does: the shop's own recount (`npm run orders:recount`).
    { what: "the kept order counts and daily sales (migration 018) and the sales reports' figures (migration 031), counted afresh", sql: `${orderFiguresRecount.join(';\n')};` },
    { what: `${many(counts.reviews)} reviews`, table: 'reviews', sql: reviewsInsert(d, now) },
    { what: `${many(counts.newsletterSubscribers)} newsletter subscribers`, table: 'newsletter_subscribers', sql: newsletterSubscribersInsert(d, now) },
    { what: `${many(counts.contactMessages)} contact messages`, table: 'contact_messages', sql: contactMessagesInsert(d, now) },
  ];
}
