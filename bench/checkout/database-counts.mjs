// What the checkout benchmark reads in the database itself: the pieces sold, counted after the run,
// and the jobs (e-mails above all) still waiting, which it lets the shop finish before the clock starts.
import SQLite from 'better-sqlite3';
import pg from 'pg';

// The pieces of the product on the lines of paid orders (refunds would not put them back: none here).
const soldQuery = (parameter) =>
  `select coalesce(sum(l.quantity), 0) as sold from order_lines as l join orders as o on o.id = l.order_id
     where l.product_id = ${parameter} and o.payment_status = 'paid'`;

/**
 * @param {string} file the shop's SQLite file
 * @param {string} productId
 * @returns {number}
 */
export function sqlitePiecesSold(file, productId) {
  const db = new SQLite(file, { readonly: true });
  try {
    return Number(/** @type {{ sold: number }} */ (db.prepare(soldQuery('?')).get(productId)).sold);
  } finally {
    db.close();
  }
}

/**
 * @param {string} url
 * @param {string} productId
 * @returns {Promise<number>}
 */
export async function postgresPiecesSold(url, productId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(soldQuery('$1'), [productId]);
    return Number(/** @type {{ sold: string }[]} */ (rows)[0]?.sold ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Jobs neither done nor given up: the shop's own queue on SQLite.
 * @param {string} file
 * @returns {number}
 */
export function sqliteJobsWaiting(file) {
  const db = new SQLite(file, { readonly: true });
  try {
    return Number(/** @type {{ waiting: number }} */ (db.prepare('select count(*) as waiting from jobs where failed_at is null').get()).waiting);
  } finally {
    db.close();
  }
}

/**
 * Jobs neither done nor given up: graphile-worker's queue on PostgreSQL.
 * @param {string} url
 * @returns {Promise<number>}
 */
export async function postgresJobsWaiting(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*) as waiting from graphile_worker._private_jobs where attempts < max_attempts');
    return Number(/** @type {{ waiting: string }[]} */ (rows)[0]?.waiting ?? 0);
  } finally {
    await client.end();
  }
}
