import { randomBytes } from 'node:crypto';
import { tokenHash } from '../../token-hash.ts';

/**
 * A token for the links of one newsletter e-mail: 256 random bits, so it cannot be guessed, and
 * URL-safe as it is. Looked up by its hash, so no comparison of secrets can leak by its timing.
 */
export function newNewsletterToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}
