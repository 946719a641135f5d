import { createHmac } from 'node:crypto';
import { tokenHash } from '../../token-hash.ts';

/**
 * The token of an alert's links (confirm, unsubscribe): the shop's secret's signature of the alert's
 * id, so that the confirmation and the back-in-stock e-mail can each carry it without the table
 * keeping it. The table keeps its hash, by which a link finds its alert: a leaked table holds no
 * link that works, and no comparison of secrets can leak by its timing.
 */
export function createStockAlertTokens(secret: string) {
  return {
    tokenOf: (alertId: string) => createHmac('sha256', secret).update(`stock-alert:${alertId}`).digest('base64url'),
    hashOf: tokenHash,
  };
}

export type StockAlertTokens = ReturnType<typeof createStockAlertTokens>;
