// The floor under `bench:checkout`: the least work any shop must do for the flash sale's four calls,
// with none of Joinery's own code. A bare node:http server that, for each call, reads the caller's
// session by its token (one indexed read), then writes what the call must: placing inserts the order,
// starting a payment inserts it, the card form authorises it by a conditional update, and marking paid
// takes the stock (conditional, never below 0) and marks the order paid in one transaction. No
// framework, validation, rate limit, e-mail, invoice, figures or job. FLOOR_DATABASE is `sqlite` (a
// file under FLOOR_DATA_DIR) or a PostgreSQL URL; FLOOR_ONE_STATEMENT=1 marks paid on PostgreSQL in one
// statement instead of a transaction of four round trips. Prints "listening <port>" once it answers.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

const schema = [
  'create table session (token text primary key, user_id text not null)',
  'create table product (id text primary key, stock integer not null)',
  "create table orders (id text primary key, user_id text not null, product_id text not null, quantity integer not null, status text not null default 'placed')",
  "create table payment (id text primary key, order_id text not null, secret text not null unique, status text not null default 'new')",
];

/** Marking paid's two statements, answered by the order's product and pieces, then the stock taken. */
const markPaid = "update orders set status = 'paid' where id = $1 and user_id = $2 and status = 'placed' returning product_id, quantity";
const takeStock = 'update product set stock = stock - $1 where id = $2 and stock >= $3';

/**
 * The statements of one call each, on either database: `one` answers the first row or undefined,
 * `paid` runs marking paid's transaction and answers whether it took a piece.
 * @typedef {object} FloorDatabase
 * @property {(sql: string, values: unknown[]) => Promise<Record<string, unknown> | undefined>} one
 * @property {(orderId: string, userId: string) => Promise<boolean>} paid
 * @property {(sql: string) => Promise<void>} setUp
 */

/** @returns {FloorDatabase} */
function sqliteDatabase() {
  const db = new Database(path.join(process.env.FLOOR_DATA_DIR ?? '.', 'floor.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  /** @type {Map<string, import('better-sqlite3').Statement>} */
  const prepared = new Map();
  /** @param {string} sql */
  const statement = (sql) => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql.replace(/\$\d+/g, '?'))).get(sql);
  const takePiece = db.transaction((/** @type {string} */ orderId, /** @type {string} */ userId) => {
    const order = /** @type {{ product_id: string, quantity: number } | undefined} */ (statement(markPaid).get(orderId, userId));
    if (!order) return false;
    const taken = statement(takeStock).run(order.quantity, order.product_id, order.quantity);
    if (taken.changes === 0) throw new Error('sold out');
    return true;
  });
  return {
    one: (sql, values) => {
      const s = statement(sql);
      return Promise.resolve(s.reader ? /** @type {Record<string, unknown> | undefined} */ (s.get(...values)) : (s.run(...values), undefined));
    },
    paid: (orderId, userId) => Promise.resolve(takePiece.immediate(orderId, userId)),
    setUp: (sql) => Promise.resolve(void db.exec(sql)),
  };
}

/**
 * @param {string} url
 * @returns {FloorDatabase}
 */
function postgresDatabase(url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  /** @type {Map<string, string>} each statement prepared once per connection, under a short name */
  const names = new Map();
  /** @param {string} sql */
  const name = (sql) => names.get(sql) ?? names.set(sql, `floor_${names.size}`).get(sql);
  /**
   * @param {pg.Pool | pg.PoolClient} client
   * @param {string} sql
   * @param {unknown[]} values
   * @returns {Promise<{ rows: Record<string, unknown>[], rowCount: number | null }>}
   */
  const query = (client, sql, values) => client.query({ name: name(sql), text: sql, values });
  /** @type {FloorDatabase['paid']} */
  const paidInTransaction = async (orderId, userId) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const [placed] = (await query(client, markPaid, [orderId, userId])).rows;
      if (!placed) {
        await client.query('rollback');
        return false;
      }
      if ((await query(client, takeStock, [placed.quantity, placed.product_id, placed.quantity])).rowCount === 0) {
        await client.query('rollback');
        throw new Error('sold out');
      }
      await client.query('commit');
      return true;
    } finally {
      client.release();
    }
  };
  /**
   * The same transaction as one statement, one round trip: the order marked paid and its stock taken
   * by two data-modifying CTEs; when no stock was taken, the division by zero fails the statement and
   * so undoes the order's change too.
   * @type {FloorDatabase['paid']}
   */
  const paidInOneStatement = async (orderId, userId) => {
    const sql = `with placed as (${markPaid}), taken as (update product set stock = stock - placed.quantity from placed where product.id = placed.product_id and product.stock >= placed.quantity returning 1) select 1 / (select count(*) from taken)::int as taken where exists (select 1 from placed)`;
    return (await query(pool, sql, [orderId, userId])).rowCount === 1;
  };
  return {
    one: async (sql, values) => (await query(pool, sql, values)).rows[0],
    paid: process.env.FLOOR_ONE_STATEMENT ? paidInOneStatement : paidInTransaction,
    setUp: async (sql) => void (await pool.query(sql)),
  };
}

const target = process.env.FLOOR_DATABASE ?? 'sqlite';
const db = target === 'sqlite' ? sqliteDatabase() : postgresDatabase(target);
for (const sql of schema) await db.setUp(sql);

/**
 * @param {http.IncomingMessage} request
 * @returns {Promise<Record<string, string>>}
 */
async function jsonBody(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? /** @type {Record<string, string>} */ (JSON.parse(text)) : {};
}

/**
 * @param {http.ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function answer(response, status, body) {
  const bytes = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bytes) }).end(bytes);
}

/**
 * The four calls of a checkout, and two to set the sale up (a session for a token, a product).
 * @param {http.IncomingMessage} request
 * @param {string} userId
 */
async function handle(request, userId) {
  const body = await jsonBody(request);
  const url = request.url ?? '';
  if (url === '/api/orders') {
    const id = randomUUID();
    await db.one('insert into orders (id, user_id, product_id, quantity) values ($1, $2, $3, $4)', [id, userId, body.productId, Number(body.quantity)]);
    return [201, { _id: id }];
  }
  if (url === '/api/create-payment-intent') {
    const id = randomUUID();
    const secret = randomUUID();
    await db.one('insert into payment (id, order_id, secret) values ($1, $2, $3)', [id, body.orderId, secret]);
    return [200, { clientSecret: secret, transactionId: id }];
  }
  if (url === '/api/payments/local/authorise') {
    const row = await db.one("update payment set status = 'authorised' where secret = $1 and status = 'new' returning id", [body.clientSecret]);
    return row ? [200, { ok: true }] : [409, { code: 'not-authorisable' }];
  }
  if (url.startsWith('/api/orders/')) {
    return (await db.paid(url.slice('/api/orders/'.length), userId)) ? [200, { paymentStatus: 'paid' }] : [409, { code: 'not-payable' }];
  }
  return [404, {}];
}

const server = http.createServer((request, response) => {
  const setUp = async () => {
    const body = await jsonBody(request);
    if (request.url === '/setup/session') await db.one('insert into session (token, user_id) values ($1, $2)', [body.token, randomUUID()]);
    else await db.one('insert into product (id, stock) values ($1, $2)', [body.id, Number(body.stock)]);
    return [201, {}];
  };
  const call = async () => {
    const token = /(?:^|; )session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
    const session = await db.one('select user_id from session where token = $1', [token]);
    return session ? handle(request, String(session.user_id)) : [401, {}];
  };
  (request.url?.startsWith('/setup/') ? setUp() : call()).then(
    ([status, body]) => answer(response, Number(status), body),
    (/** @type {unknown} */ error) => answer(response, 409, { code: error instanceof Error ? error.message : 'failed' }),
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
