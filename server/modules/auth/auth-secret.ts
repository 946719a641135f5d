import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const secretFileName = 'auth-secret';

/**
 * The key that signs session cookies: BETTER_AUTH_SECRET when set, otherwise one generated on the
 * first start and kept in the data folder (readable by the owner only), so that sessions survive a
 * restart. Several processes must share it: set BETTER_AUTH_SECRET, or share the data folder.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, secretFileName);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting at once keep the first one's key.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
