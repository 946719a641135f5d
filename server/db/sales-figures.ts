/**
 * The statements that keep the sales reports' figures (migration 031, ADR 041). Each adds what some
 * paid orders, or some refunds made, bring to their UTC day's rows, made when missing
 * (`on conflict … do update set x = x + excluded.x`, which PostgreSQL runs as one atomic change of a
 * row however many payments arrive at once, and SQLite runs alike). The `paid` and `refunded` order
 * events run them for one order or one refund; the recount runs the very same ones for all of them,
 * so the kept figures and a recount cannot disagree by construction. Plain text that runs on both
 * databases, so that the scale benchmark's load can run the recount too.
 */

/**
 * The UTC day, month or year (the first `length` characters: YYYY-MM-DD, YYYY-MM, YYYY) a payment
 * counts in: when it was paid (times are ISO 8601 text in UTC).
 */
const paidIn = (length: number) => `substr(o.paid_at, 1, ${length})`;
const paidDay = paidIn(10);
/** The day, month or year a refund counts in: when it was asked for. */
const refundIn = (length: number) => `substr(r.created_at, 1, ${length})`;
const refundDay = refundIn(10);

/**
 * Where the tax of an order was due: its delivery address's country and region, or, for an order
 * collected at the workshop (taxed where the workshop is, ADR 038), none and `collected` 1.
 */
const destination = {
  country: "case when o.shipping_kind = 'pickup' then '' else coalesce(o.ship_country, '') end",
  region: "case when o.shipping_kind = 'pickup' then '' else coalesce(o.ship_region, '') end",
  collected: "case when o.shipping_kind = 'pickup' then 1 else 0 end",
};
/** An order's rate: one per destination (ADR 038), on its lines and, where the table taxes it, its shipping. */
const linesRate = '(select coalesce(max(t.tax_rate_ppm), 0) from order_lines t where t.order_id = o.id)';
const orderRate = `case when o.shipping_tax_rate_ppm > ${linesRate} then o.shipping_tax_rate_ppm else ${linesRate} end`;

/**
 * Whether refund `r` is the one that completed its order's refund: the order is refunded in full and
 * no refund of it made later (by the time it was asked for, then id) exists. Such a refund also gives
 * back whatever its pieces and the earlier refunds left, so that a refunded order counts nothing.
 */
const completes = `(o.refunded_cents >= o.price_cents and not exists (select 1 from refunds n where n.order_id = r.order_id and n.status = 'succeeded'
  and (n.created_at > r.created_at or (n.created_at = r.created_at and n.id > r.id))))`;
/** What the other refunds made of the same order took, of `expression` (SQL on `e`, each of them). */
const byOthers = (expression: string) => `coalesce((select sum(${expression}) from refunds e where e.order_id = r.order_id and e.status = 'succeeded' and e.id <> r.id), 0)`;
/** A refund's share of its order's tax, as its amount is of the order's total, rounded down. */
const taxShare = (refund: string) => `case when o.price_cents > 0 then cast(${refund}.amount_cents as bigint) * o.tax_cents / o.price_cents else 0 end`;
/** The tax in a refund: its share, or all the tax the other refunds left when it completes the order's. */
const refundTax = `case when ${completes} then o.tax_cents - ${byOthers(taxShare('e'))} else ${taxShare('r')} end`;
/** The pieces of the order no refund named, which a completing refund gives back. */
const piecesLeft = '(o.quantity - (select coalesce(sum(t.refunded_quantity), 0) from order_lines t where t.order_id = o.id))';
/** A line's revenue: what its pieces cost after their discount, without tax (included in the price or added on top). */
const lineRevenue = 'cast(l.total_cents - l.tax_cents as bigint)';

/**
 * Whether order `o` is the exchange of a return's pieces (ADR 040): its money counts (the difference
 * paid), but neither as an order nor as pieces sold, since the pieces it sends replace pieces counted
 * already. At the same price it has nothing to pay, and brings nothing.
 */
const isExchange = 'exists (select 1 from returns x where x.exchange_order_id = o.id)';
const unlessExchange = (figure: string) => `case when ${isExchange} then 0 else ${figure} end`;

/**
 * The tables of each product's figures: per UTC day (sold and refunded apart), and per UTC month and
 * year (net of refunds, so that their indexes rank a whole period's best sellers), keyed by the first
 * `length` characters of the time (`paidIn`, `refundIn`).
 */
const productPeriods = [
  { table: 'sales_product_days', key: 'day', length: 10 },
  { table: 'sales_product_months', key: 'month', length: 7 },
  { table: 'sales_product_years', key: 'year', length: 4 },
] as const;

/**
 * A product's name in a row: the greatest it was sold or refunded under (as `max` orders text), so
 * that a row is the same whichever payment or refund came first, the recount's order or the events',
 * and a range's name (the greatest of its rows') is the same from days, months or years.
 */
const greatestName = (table: string) => `product = case when excluded.product > ${table}.product then excluded.product else ${table}.product end`;

/** `set x = table.x + excluded.x` for each column. */
const added = (table: string, columns: readonly string[]) => columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');

/**
 * What the paid orders matching `condition` (SQL on `o`, the order) bring: the day's totals, each
 * product's and category's units and revenue, and the tax per destination and rate.
 */
export function paymentStatements(condition: string): string[] {
  const paid = `o.paid_at is not null and (${condition}) and not (o.price_cents = 0 and ${isExchange})`;
  return [
    `insert into sales_days (day, orders, gross_cents, units, shipping_cents, discount_cents, tax_cents)
      select ${paidDay}, sum(${unlessExchange('1')}), sum(o.price_cents), sum(${unlessExchange('o.quantity')}), sum(o.shipping_cents), sum(o.discount_cents), sum(o.tax_cents)
      from orders o where ${paid} group by ${paidDay}
      on conflict (day) do update set ${added('sales_days', ['orders', 'gross_cents', 'units', 'shipping_cents', 'discount_cents', 'tax_cents'])}`,
    ...productPeriods.map(
      ({ table, key, length }) => `insert into ${table} (${key}, product_id, product, units, revenue_cents)
      select ${paidIn(length)}, coalesce(l.product_id, ''), max(l.product), sum(${unlessExchange('l.quantity')}), sum(${lineRevenue})
      from orders o join order_lines l on l.order_id = o.id where ${paid} group by ${paidIn(length)}, coalesce(l.product_id, '')
      on conflict (${key}, product_id) do update set ${greatestName(table)}, ${added(table, ['units', 'revenue_cents'])}`,
    ),
    `insert into sales_category_days (day, category, units, revenue_cents)
      select ${paidDay}, coalesce(l.category, ''), sum(${unlessExchange('l.quantity')}), sum(${lineRevenue})
      from orders o join order_lines l on l.order_id = o.id where ${paid} group by ${paidDay}, coalesce(l.category, '')
      on conflict (day, category) do update set ${added('sales_category_days', ['units', 'revenue_cents'])}`,
    `insert into sales_tax_days (day, country, region, collected, rate_ppm, orders, taxable_cents, tax_cents, shipping_cents, discount_cents)
      select day, country, region, collected, rate_ppm, sum(counted), sum(price_cents - tax_cents), sum(tax_cents), sum(shipping_cents), sum(discount_cents)
      from (select ${paidDay} as day, ${destination.country} as country, ${destination.region} as region, ${destination.collected} as collected,
              ${orderRate} as rate_ppm, ${unlessExchange('1')} as counted, o.price_cents, o.tax_cents, o.shipping_cents, o.discount_cents
            from orders o where ${paid}) as sold
      group by day, country, region, collected, rate_ppm
      on conflict (day, country, region, collected, rate_ppm) do update set ${added('sales_tax_days', ['orders', 'taxable_cents', 'tax_cents', 'shipping_cents', 'discount_cents'])}`,
  ];
}

/**
 * What the refunds made matching `condition` (SQL on `r`, the refund) take back, on the day each was
 * asked for: money, pieces and tax from the day, and the pieces' revenue from their products and
 * categories. A refund of an amount without pieces takes no pieces, unless it completes the order's
 * refund (see `completes`).
 */
export function refundStatements(condition: string): string[] {
  const made = `r.status = 'succeeded' and (${condition})`;
  // Each line a refund takes pieces of, or every line of the order it completes the refund of.
  const lines = `refunds r join orders o on o.id = r.order_id join order_lines l on l.order_id = o.id
    left join refund_lines p on p.refund_id = r.id and p.line_id = l.id
    where ${made} and (p.quantity is not null or ${completes})`;
  const pieceRevenue = (pieces: string) => `${lineRevenue} * ${pieces} / l.quantity`;
  const revenueByOthers = `coalesce((select sum(${pieceRevenue('q.quantity')}) from refund_lines q join refunds e on e.id = q.refund_id
    where q.line_id = l.id and e.status = 'succeeded' and e.id <> r.id), 0)`;
  const lineUnits = `coalesce(p.quantity, 0) + case when ${completes} then l.quantity - l.refunded_quantity else 0 end`;
  const lineRefund = `case when ${completes} then ${lineRevenue} - ${revenueByOthers} else ${pieceRevenue('p.quantity')} end`;
  const byLine = (key: string, length = 10) => `select ${refundIn(length)} as day, ${key} as item, l.product as name, ${lineUnits} as units, ${lineRefund} as cents from ${lines}`;
  return [
    `insert into sales_days (day, refunded_cents, refunded_units, refunded_tax_cents)
      select day, sum(amount_cents), sum(units), sum(tax_cents)
      from (select ${refundDay} as day, r.amount_cents,
              (select coalesce(sum(p.quantity), 0) from refund_lines p where p.refund_id = r.id) + case when ${completes} then ${piecesLeft} else 0 end as units,
              ${refundTax} as tax_cents
            from refunds r join orders o on o.id = r.order_id where ${made}) as given
      group by day
      on conflict (day) do update set ${added('sales_days', ['refunded_cents', 'refunded_units', 'refunded_tax_cents'])}`,
    `insert into sales_product_days (day, product_id, product, refunded_units, refunded_cents)
      select day, item, max(name), sum(units), sum(cents) from (${byLine("coalesce(l.product_id, '')")}) as given group by day, item
      on conflict (day, product_id) do update set ${greatestName('sales_product_days')}, ${added('sales_product_days', ['refunded_units', 'refunded_cents'])}`,
    // A month's and a year's figures are net: the refund is taken from what was sold.
    ...productPeriods
      .filter(({ key }) => key !== 'day')
      .map(
        ({ table, key, length }) => `insert into ${table} (${key}, product_id, product, units, revenue_cents)
      select day, item, max(name), -sum(units), -sum(cents) from (${byLine("coalesce(l.product_id, '')", length)}) as given group by day, item
      on conflict (${key}, product_id) do update set ${greatestName(table)}, ${added(table, ['units', 'revenue_cents'])}`,
      ),
    `insert into sales_category_days (day, category, refunded_units, refunded_cents)
      select day, item, sum(units), sum(cents) from (${byLine("coalesce(l.category, '')")}) as given group by day, item
      on conflict (day, category) do update set ${added('sales_category_days', ['refunded_units', 'refunded_cents'])}`,
    `insert into sales_tax_days (day, country, region, collected, rate_ppm, refunded_taxable_cents, refunded_tax_cents)
      select day, country, region, collected, rate_ppm, sum(amount_cents - tax_cents), sum(tax_cents)
      from (select ${refundDay} as day, ${destination.country} as country, ${destination.region} as region, ${destination.collected} as collected,
              ${orderRate} as rate_ppm, r.amount_cents, ${refundTax} as tax_cents
            from refunds r join orders o on o.id = r.order_id where ${made}) as given
      group by day, country, region, collected, rate_ppm
      on conflict (day, country, region, collected, rate_ppm) do update set ${added('sales_tax_days', ['refunded_taxable_cents', 'refunded_tax_cents'])}`,
  ];
}

/** The table of figures a statement of `paymentStatements` or `refundStatements` writes. */
function writtenTable(statement: string): string {
  const table = /^insert into (\w+)/.exec(statement)?.[1];
  if (!table) throw new Error(`Not a statement of the sales figures: ${statement.slice(0, 40)}`);
  return table;
}

/**
 * A payment's or a refund's statements as one PostgreSQL statement, so that they cost one round
 * trip rather than one each: every one but the last a data-modifying WITH query of the last, which
 * PostgreSQL runs once and to completion though nothing reads it. They all then see the snapshot the
 * statement starts with, so none sees what another writes; that gives what running them one after
 * another gives only while no statement reads a table another writes: each writes its own table of
 * figures (reading its own row there through `on conflict`) and reads only orders, returns,
 * refunds and their lines. Checked here, once, so that a statement added later cannot break it unseen.
 * SQLite allows no INSERT in a WITH; it runs them one by one, at no cost of a round trip.
 */
export function asOneStatement(statements: readonly string[]): string {
  const tables = statements.map(writtenTable);
  statements.forEach((statement, index) => {
    const readsAnother = tables.find((table, other) => other !== index && (table === tables[index] || new RegExp(`\\b${table}\\b`).test(statement)));
    if (readsAnother !== undefined) throw new Error(`The sales figures' statement into ${tables[index]} touches ${readsAnother}, which another of them writes`);
  });
  const withQueries = statements.slice(0, -1).map((statement, index) => `added_${index} as (${statement})`);
  return `with ${withQueries.join(',\n')}\n${statements.at(-1)}`;
}

/** The figures counted afresh from every paid order and every refund made. */
export const salesFiguresRecount: readonly string[] = [
  ...['sales_days', 'sales_product_days', 'sales_product_months', 'sales_product_years', 'sales_category_days', 'sales_tax_days'].map((table) => `delete from ${table}`),
  ...paymentStatements('true'),
  ...refundStatements('true'),
];

/**
 * A payment's figures as PostgreSQL adds them at the commit (migration 043, ADR 065): the one
 * statement, run by the trigger on the order whose money was recorded taken (`new`).
 */
export const paymentFiguresAtCommit = asOneStatement(paymentStatements('o.id = new.id'));
