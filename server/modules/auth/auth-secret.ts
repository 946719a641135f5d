import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const secretFileName = 'auth-secret';
const minimumLength = 32;

/**
 * The key that signs session cookies: BETTER_AUTH_SECRET when set, otherwise one generated on the
 * first start and kept in the data folder (readable by the owner only), so that sessions survive a
 * restart. Several processes must share it: set BETTER_AUTH_SECRET, or share the data folder.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, secretFileName);
  fs.mkdirSync(dataDir, { recursive: true });
  // Written whole to a file of its own, then linked into place: the link fails if another process
  // got there first, and nobody ever reads a half-written key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < minimumLength) {
    throw new Error(`${file} does not hold a usable key (under ${minimumLength} characters). Delete it to have a new one made; everyone will have to sign in again.`);
  }
  return secret;
}
