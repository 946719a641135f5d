import type { Database } from '../../db/database.ts';

/** Which processor events have been handled, so that a delivery Stripe repeats is handled once. */
export function createWebhookEventRepository(db: Database) {
  return {
    async seen(id: string): Promise<boolean> {
      return (await db.selectFrom('processed_webhook_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async record(id: string, type: string, now: string): Promise<void> {
      await db
        .insertInto('processed_webhook_events')
        .values({ id, type, created_at: now })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    },
  };
}

export type WebhookEventRepository = ReturnType<typeof createWebhookEventRepository>;
