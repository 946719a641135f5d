import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config/env.ts';
import { restoreBackup } from './db/backup/backup.ts';

// `npm run restore <file>`: brings a backup made by `npm run backup` back into the empty database the
// shop's settings name: a DATA_DIR without a joinery.db, or the empty PostgreSQL database of
// DATABASE_URL. The shop then starts on it as it is (README, Backups).
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error('Usage: npm run restore <backup file>');
  process.exit(2);
}
try {
  const config = loadConfig(process.env, webRoot);
  // npm runs scripts in the project's folder; a relative path is meant from where npm was called.
  const restoredInto = await restoreBackup(config, path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
  console.log(`Restored ${file} into ${restoredInto}. Start the shop on it.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
