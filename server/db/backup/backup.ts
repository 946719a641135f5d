import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { AppConfig } from '../../config/env.ts';
import { backupFileName, writeNewFile } from './backup-file.ts';
import { dumpPostgresDatabase, restorePostgresDatabase } from './postgres-backup.ts';
import { copySqliteDatabase, restoreSqliteDatabase, sqliteFileIn } from './sqlite-backup.ts';

type DatabaseSettings = Pick<AppConfig, 'databaseUrl' | 'dataDir'>;

export interface BackupTaken {
  file: string;
  bytes: number;
}

/**
 * Backs up the database the settings name (DATABASE_URL, or the SQLite file in DATA_DIR) into a new
 * file in BACKUP_DIR, named for the moment it is taken, while the shop runs.
 */
export async function takeBackup(settings: DatabaseSettings & Pick<AppConfig, 'backupDir'>, takenAt: Date): Promise<BackupTaken> {
  const { databaseUrl } = settings;
  const file = path.join(settings.backupDir, backupFileName(databaseUrl ? 'postgres' : 'sqlite', takenAt));
  if (databaseUrl) {
    await writeNewFile(file, (draft) => dumpPostgresDatabase(databaseUrl, draft));
  } else {
    const source = new SQLite(sqliteFileIn(settings.dataDir), { fileMustExist: true });
    try {
      await writeNewFile(file, (draft) => copySqliteDatabase(source, draft));
    } finally {
      source.close();
    }
  }
  return { file, bytes: fs.statSync(file).size };
}

/** Restores a backup into the empty database the settings name; what it restored into, for the log. */
export async function restoreBackup(settings: DatabaseSettings, file: string): Promise<string> {
  if (!fs.existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  if (settings.databaseUrl) {
    await restorePostgresDatabase(file, settings.databaseUrl);
    const where = new URL(settings.databaseUrl);
    return `PostgreSQL at ${where.host}${where.pathname}`;
  }
  return `SQLite at ${restoreSqliteDatabase(file, settings.dataDir)}`;
}
