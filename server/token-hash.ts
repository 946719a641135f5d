import { createHash } from 'node:crypto';

/**
 * The hash under which a mailed link's token is stored and looked up (newsletter, stock alerts): a
 * leaked table holds no link that works, and no comparison of secrets can leak by its timing.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
