import { z } from 'zod';
import type { ProcessorEvent } from './payment-gateway.ts';

/**
 * What the shop reads of a Stripe event, once its signature has verified: an object with a string
 * `id` (the key that makes a repeat a repeat) and a string `type`. Anything else signed is not an
 * event the shop can acknowledge, and is refused with 400 rather than left to throw.
 */
const eventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  // Whatever else the event holds, an object the shop cannot read only makes the event one it ignores.
  data: z.looseObject({ object: z.unknown() }).nullish().catch(undefined),
});

/** The order a payment belongs to, as the shop put it in the metadata: only a string counts. */
const metadataSchema = z
  .looseObject({ orderId: z.string().min(1).max(200).optional().catch(undefined) })
  .nullish()
  .catch(null);

/** The payment's order. */
const ownersOf = (metadata: z.infer<typeof metadataSchema>) => ({ orderId: metadata?.orderId });

const paymentIntentSchema = z.looseObject({ id: z.string().min(1).max(255), metadata: metadataSchema });

const chargeSchema = z.looseObject({
  payment_intent: z.union([z.string().min(1).max(255), z.looseObject({ id: z.string().min(1).max(255) })]).nullish(),
  metadata: metadataSchema,
});

/** The payment an event is about, when its object has the shape of one: the intent itself, or the intent a charge belongs to. */
function paymentOf(type: string, object: unknown): ProcessorEvent['payment'] {
  if (type.startsWith('payment_intent.')) {
    const intent = paymentIntentSchema.safeParse(object);
    return intent.success ? { id: intent.data.id, ...ownersOf(intent.data.metadata) } : undefined;
  }
  if (type.startsWith('charge.')) {
    const charge = chargeSchema.safeParse(object);
    if (!charge.success || !charge.data.payment_intent) return undefined;
    const intent = charge.data.payment_intent;
    return { id: typeof intent === 'string' ? intent : intent.id, ...ownersOf(charge.data.metadata) };
  }
  return undefined;
}

/**
 * A verified Stripe event as the payments module handles it, or undefined when the body is not an
 * event at all. An event whose type or object the shop has no use for comes back without a
 * payment, and is acknowledged and ignored.
 */
export function readStripeEvent(body: unknown): ProcessorEvent | undefined {
  const event = eventSchema.safeParse(body);
  if (!event.success) return undefined;
  const payment = paymentOf(event.data.type, event.data.data?.object);
  return { id: event.data.id, type: event.data.type, ...(payment && { payment }) };
}
