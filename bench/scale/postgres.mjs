// A throw-away PostgreSQL database for the scale benchmark, and loading its data.
import pg from 'pg';
import { counts, loadSteps } from './dataset.mjs';

const serverUrl = 'postgres://postgres@127.0.0.1:5432';

/** @type {import('./dataset.mjs').SqlDialect} */
const postgresDialect = {
  // bigint, so that times in epoch seconds plus offsets never overflow an integer.
  series: (count) => `generate_series(1::bigint, ${count}) as series(i)`,
  recordId: (prefix, n) => `'${prefix}-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0')`,
  zeroPadded: (n, width) => `lpad((${n})::text, ${width}, '0')`,
  isoTime: (epochSeconds) => `to_char(to_timestamp(${epochSeconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  authTime: (epochSeconds) => `to_timestamp(${epochSeconds})`,
  authBoolean: (value) => String(value),
};

/**
 * Runs a statement on the server's maintenance database (CREATE and DROP DATABASE cannot run in the one they name).
 * @param {string} statement
 */
async function onServer(statement) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    /** @type {Record<string, string>[]} */
    const rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database and answers its URL, the server's version and how to drop it.
 * @param {string} name letters, digits and underscores only
 */
export async function createDatabase(name) {
  const [{ server_version: version = 'unknown' } = {}] = await onServer('show server_version');
  await onServer(`create database ${name}`);
  return {
    name,
    version,
    url: `${serverUrl}/${name}`,
    // FORCE ends connections a crashed server may have left behind.
    drop: async () => {
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Fills a table with its secondary indexes set aside and then built again from their own definitions:
 * maintaining them row by row (the orders' trigram GIN indexes above all) takes five times as long.
 * Indexes that back a constraint (primary keys, unique columns) stay.
 * @param {pg.Client} client
 * @param {string} table
 * @param {string} insert
 */
async function fillWithIndexesRebuilt(client, table, insert) {
  const found = await client.query(
    `select indexname, indexdef from pg_indexes as i where schemaname = 'public' and tablename = $1
       and not exists (select 1 from pg_constraint as c where c.conname = i.indexname)`,
    [table],
  );
  const indexes = /** @type {{ indexname: string, indexdef: string }[]} */ (found.rows);
  for (const { indexname } of indexes) await client.query(`drop index "${indexname}"`);
  await client.query(insert);
  for (const { indexdef } of indexes) await client.query(indexdef);
}

/**
 * Runs each load step (each its own transaction), then VACUUM ANALYZE as autovacuum would in time,
 * and answers how long each took.
 * @param {string} url
 * @param {number} now epoch seconds
 * @param {{ id: string, name: string, email: string }} owner
 * @returns {Promise<[string, number][]>} what was loaded, and in how many ms
 */
export async function loadPostgres(url, now, owner) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // For this connection only: building an index of a million rows in memory rather than on disk.
    await client.query("set maintenance_work_mem = '512MB'");
    // Nor do triggers fire on it, as in a pg_restore: the catalogue version's trigger (migration 017)
    // would update its one row once per loaded row in one transaction, each update walking the
    // chain of the ones before (reviews alone took seven minutes). It is raised once at the end. The
    // foreign keys' checks are skipped with them; the dataset names only rows loaded before.
    await client.query('set session_replication_role = replica');
    /** @type {{ last_value: string, is_called: boolean }[]} */
    const sequences = (await client.query('select last_value, is_called from order_number_seq')).rows;
    const [sequence] = sequences;
    if (!sequence) throw new Error('The migrations made no order_number_seq.');
    // Before the first order, the sequence's last value is the number it will give first.
    const lastNumber = sequence.is_called ? Number(sequence.last_value) : Number(sequence.last_value) - 1;
    /** @type {[string, number][]} */
    const timings = [];
    for (const step of loadSteps(postgresDialect, now, lastNumber, owner)) {
      const started = performance.now();
      if (step.table) await fillWithIndexesRebuilt(client, step.table, step.sql);
      else await client.query(step.sql);
      timings.push([step.what, performance.now() - started]);
    }
    await client.query('update catalogue_version set version = version + 1 where id = 1');
    // The shop's sequence gives the next order the number after the loaded ones.
    await client.query("select setval('order_number_seq', $1, true)", [lastNumber + counts.orders]);
    const started = performance.now();
    await client.query('vacuum analyze');
    timings.push(['VACUUM ANALYZE', performance.now() - started]);
    return timings;
  } finally {
    await client.end();
  }
}
