/**
 * The processor's idempotency key for a refund the shop has reserved (ADR 029): one per reservation,
 * so that however often it is sent, the processor makes the refund once.
 */
export const processorRefundKey = (refundId: string) => `refund-${refundId}`;

/** The shop's refund named by such a key; undefined for a key the shop did not make. */
export function refundIdInKey(key: string): string | undefined {
  return key.startsWith('refund-') ? key.slice('refund-'.length) : undefined;
}
