import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from './clock.ts';
import { loadConfig } from './config/env.ts';
import { takeBackup } from './db/backup/backup.ts';
import { readableSize } from './db/backup/backup-file.ts';

// `npm run backup`: a consistent backup of the database the shop's settings name (DATABASE_URL, or the
// SQLite file in DATA_DIR), taken while the shop runs, into a new file in BACKUP_DIR (README, Backups).
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
try {
  const config = loadConfig(process.env, webRoot);
  const { file, bytes } = await takeBackup(config, systemClock());
  console.log(`Backup written: ${file} (${readableSize(bytes)})`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
