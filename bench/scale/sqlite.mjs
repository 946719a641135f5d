// Loads the scale benchmark's data into the shop's SQLite file, while no server has it open.
import SQLite from 'better-sqlite3';
import { counts, loadSteps } from './dataset.mjs';

/** @param {string} epochSeconds */
const isoTime = (epochSeconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${epochSeconds}, 'unixepoch')`;

/** @type {import('./dataset.mjs').SqlDialect} */
const sqliteDialect = {
  // SQLite has no generate_series of its own (it is an extension of the command-line shell).
  series: (count) => `(with recursive numbers(i) as (select 1 union all select i + 1 from numbers where i < ${count}) select i from numbers) as series`,
  recordId: (prefix, n) => `'${prefix}-0000-4000-8000-' || printf('%012x', ${n})`,
  zeroPadded: (n, width) => `printf('%0${width}d', ${n})`,
  isoTime,
  // better-auth writes its dates as ISO text and its booleans as 0/1 on SQLite.
  authTime: isoTime,
  authBoolean: (value) => (value ? '1' : '0'),
};

/**
 * Fills a table with its indexes set aside and then built again from their own definitions, which
 * sorts each once instead of updating sixteen of them row by row. Indexes SQLite made itself for a
 * primary key or a unique column (no SQL of their own) stay.
 * @param {SQLite.Database} db
 * @param {string} table
 * @param {string} insert
 */
function fillWithIndexesRebuilt(db, table, insert) {
  const indexes = /** @type {{ name: string, sql: string }[]} */ (
    db.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null").all(table)
  );
  db.transaction(() => {
    for (const { name } of indexes) db.exec(`drop index "${name}"`);
    db.exec(insert);
    for (const { sql } of indexes) db.exec(sql);
  })();
}

/**
 * Runs each load step in a transaction of its own and answers how long each took.
 * @param {string} file the shop's database file
 * @param {number} now epoch seconds
 * @param {{ id: string, name: string, email: string }} owner
 * @returns {[string, number][]} what was loaded, and in how many ms
 */
export function loadSqlite(file, now, owner) {
  const db = new SQLite(file);
  try {
    // Durability does not matter for a throw-away file, and the WAL is checkpointed at the end.
    db.pragma('synchronous = OFF');
    // Room to sort a million-row index in memory (SQLite's sorter is sized by the page cache).
    db.pragma('cache_size = -524288');
    const { last_number: lastNumber } = /** @type {{ last_number: number }} */ (db.prepare('select last_number from order_number_counter').get());
    /** @type {[string, number][]} */
    const timings = [];
    for (const step of loadSteps(sqliteDialect, now, lastNumber, owner)) {
      const started = performance.now();
      if (step.table) fillWithIndexesRebuilt(db, step.table, step.sql);
      else db.exec(step.sql);
      timings.push([step.what, performance.now() - started]);
    }
    // The shop's own counter gives the next order the number after the loaded ones.
    db.prepare('update order_number_counter set last_number = ?').run(lastNumber + counts.orders);
    const started = performance.now();
    db.pragma('wal_checkpoint(TRUNCATE)');
    timings.push(['WAL checkpoint', performance.now() - started]);
    return timings;
  } finally {
    db.close();
  }
}
