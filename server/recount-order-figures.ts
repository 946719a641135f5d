import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { recountOrderFigures } from './db/order-figures-recount.ts';

// `npm run orders:recount`: counts the order figures the database keeps (ADR 021) afresh from the
// orders, on the database the shop's settings name (DATABASE_URL, or the SQLite file in DATA_DIR).
// Safe while the shop runs: orders wait for the moment the count takes.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const config = loadConfig(process.env, webRoot);
const database = openDatabase(config);
try {
  await recountOrderFigures(database.db);
  const counts = await database.db.selectFrom('order_counts').selectAll().executeTakeFirstOrThrow();
  console.log(`Order figures counted afresh on ${database.description}:`, JSON.stringify(counts));
} finally {
  await database.close();
}
