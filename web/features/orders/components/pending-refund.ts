import type { z } from 'zod';
import { pieces } from '../../../../common/plurals.ts';
import type { amountRefundInputSchema, lineRefundInputSchema } from '../../../../common/schemas/refunds.ts';

type WithoutKey<Input> = Omit<Input, 'idempotencyKey'>;

/**
 * A refund the admin has filled in, by item or by amount, waiting for their confirmation: the request
 * as it will be sent (the dialog adds its idempotency key), and what the confirmation says of it.
 */
export interface PendingRefund {
  request: WithoutKey<z.output<typeof lineRefundInputSchema>> | WithoutKey<z.output<typeof amountRefundInputSchema>>;
  /** US dollars, as the form reckons them; the server's answer says what was given back. */
  amount: number;
  /** By item, a line each: "2 × Marking Gauge". */
  items: string[];
  /** What goes back to stock, in a sentence. */
  stock: string;
}

/** "3 pieces go back to stock.", or that none do. */
export function stockSentence(count: number, of?: string): string {
  if (count <= 0) return 'Nothing goes back to stock.';
  return `${pieces(count)}${of ? ` of ${of}` : ''} ${count === 1 ? 'goes' : 'go'} back to stock.`;
}
