import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewsletterCampaignsTable } from '../../db/schema.ts';
import { newRecordId } from '../../record-id.ts';

export type CampaignRow = Selectable<NewsletterCampaignsTable>;

/** What became of a campaign's messages so far. */
export interface CampaignFigures {
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  unsubscribed: number;
}

const noFigures: CampaignFigures = { queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribed: 0 };

/** One address claimed by a batch: its message is queued in the same transaction. */
export interface ClaimedRecipient {
  recipientId: string;
  email: string;
  /** The unsubscribe link's token in its message. */
  token: string;
}

/** A message about to go, with what is needed to write it and whether its reader is still on the list. */
export interface RecipientToSend {
  state: string;
  email: string;
  campaignId: string;
  subject: string;
  body: string;
  stillSubscribed: boolean;
}

/** The addresses a sending campaign goes to: confirmed by the time it started (a later one waits for the next campaign). */
function audienceOf(db: Database, startedAt: string) {
  return db.selectFrom('newsletter_subscribers').where('confirmed_at', 'is not', null).where('confirmed_at', '<=', startedAt);
}

/** The newsletter's campaigns and the record of each message they send. */
export function createCampaignRepository(db: Database) {
  async function figuresOf(ids: readonly string[]): Promise<Map<string, CampaignFigures>> {
    const figures = new Map<string, CampaignFigures>();
    if (ids.length === 0) return figures;
    const byState = await db
      .selectFrom('newsletter_campaign_recipients')
      .select(['campaign_id', 'state', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('campaign_id', 'in', ids)
      .groupBy(['campaign_id', 'state'])
      .execute();
    const left = await db
      .selectFrom('newsletter_campaign_recipients')
      .select(['campaign_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('campaign_id', 'in', ids)
      .where('unsubscribed_at', 'is not', null)
      .groupBy('campaign_id')
      .execute();
    const of = (id: string) => figures.get(id) ?? figures.set(id, { ...noFigures }).get(id)!;
    for (const row of byState) {
      const state = row.state as keyof CampaignFigures;
      if (state in noFigures) of(row.campaign_id)[state] = Number(row.count);
    }
    for (const row of left) of(row.campaign_id).unsubscribed = Number(row.count);
    return figures;
  }

  return {
    /** For a message queued on its own (a test copy): the mail job commits at once. */
    database: db,

    figuresOf,

    async create(input: { subject: string; body: string }, now: string): Promise<CampaignRow> {
      return db
        .insertInto('newsletter_campaigns')
        .values({ id: newRecordId(), subject: input.subject, body: input.body, state: 'draft', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    find(id: string): Promise<CampaignRow | undefined> {
      return db.selectFrom('newsletter_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Changes a draft, and only a draft: the condition is in the write, so a campaign that started meanwhile is left alone. */
    async updateDraft(id: string, fields: { subject?: string; body?: string }, now: string): Promise<CampaignRow | undefined> {
      return db
        .updateTable('newsletter_campaigns')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'draft')
        .returningAll()
        .executeTakeFirst();
    },

    async list(page: { limit: number; offset: number }): Promise<{ rows: CampaignRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.selectFrom('newsletter_campaigns').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        db
          .selectFrom('newsletter_campaigns')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    async confirmedSubscribers(): Promise<number> {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('confirmed_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Starts sending a draft, or a campaign scheduled for `from.at`: the audience is fixed and counted
     * now, and `alongside` queues the first batch in the same transaction. Answers undefined when the
     * campaign is not in a state to start, which the write itself decides: a campaign starts once.
     */
    async start(
      id: string,
      from: 'draft' | { scheduledAt: string },
      now: string,
      alongside: (transaction: Database, started: CampaignRow) => Promise<void>,
    ): Promise<CampaignRow | undefined> {
      return db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('newsletter_campaigns')
          .set((eb) => ({
            state: 'sending',
            started_at: now,
            updated_at: now,
            recipients: audienceOf(trx, now).select(eb.fn.countAll<number>().as('count')),
          }))
          .where('id', '=', id);
        // A scheduled campaign is started by the job queued for its time, known by that time and never by
        // comparing clocks (the job queue's may run ahead of the app's): a job left from a time since
        // cancelled or moved finds no campaign scheduled for it, and does nothing.
        update = from === 'draft' ? update.where('state', '=', 'draft') : update.where('state', '=', 'scheduled').where('scheduled_at', '=', from.scheduledAt);
        const started = await update.returningAll().executeTakeFirst();
        if (started) await alongside(trx, started);
        return started;
      });
    },

    /** Schedules a draft for `at`; `alongside` queues the job that starts it then. */
    async schedule(id: string, at: string, now: string, alongside: (transaction: Database, scheduled: CampaignRow) => Promise<void>): Promise<CampaignRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const scheduled = await trx
          .updateTable('newsletter_campaigns')
          .set({ state: 'scheduled', scheduled_at: at, updated_at: now })
          .where('id', '=', id)
          .where('state', '=', 'draft')
          .returningAll()
          .executeTakeFirst();
        if (scheduled) await alongside(trx, scheduled);
        return scheduled;
      });
    },

    /** Makes a scheduled campaign that has not started a draft again; its waiting job then finds nothing to start. */
    async cancelSchedule(id: string, now: string, alongside: (transaction: Database, cancelled: CampaignRow) => Promise<void>): Promise<CampaignRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const cancelled = await trx
          .updateTable('newsletter_campaigns')
          .set({ state: 'draft', scheduled_at: null, updated_at: now })
          .where('id', '=', id)
          .where('state', '=', 'scheduled')
          .returningAll()
          .executeTakeFirst();
        if (cancelled) await alongside(trx, cancelled);
        return cancelled;
      });
    },

    /**
     * Claims the next `size` addresses of a sending campaign's audience, in address order, if `batch`
     * is the batch due next (a batch job run again finds it taken and claims nothing), and hands
     * them to `alongside` in the same transaction, which queues their messages: a recipient is claimed
     * exactly when their message is queued. The campaign's row is written first, so that batches of one
     * campaign take turns (PostgreSQL locks the row; SQLite has one writer), and the unique (campaign,
     * address) refuses a second claim whatever happens. `more` tells `alongside` whether addresses may
     * be left for another batch. Answers how many were claimed.
     */
    async claimBatch(
      campaignId: string,
      batch: number,
      size: number,
      now: string,
      newToken: () => { token: string; hash: string },
      alongside: (transaction: Database, claimed: ClaimedRecipient[], more: boolean) => Promise<void>,
    ): Promise<{ claimed: number; sending: boolean }> {
      return db.transaction().execute(async (trx) => {
        const campaign = await trx
          .updateTable('newsletter_campaigns')
          .set((eb) => ({ updated_at: now, next_batch: eb('next_batch', '+', 1) }))
          .where('id', '=', campaignId)
          .where('state', '=', 'sending')
          .where('next_batch', '=', batch)
          .where('all_queued_at', 'is', null)
          .returning(['started_at', 'claimed_through'])
          .executeTakeFirst();
        if (!campaign?.started_at) return { claimed: 0, sending: false };
        let candidates = audienceOf(trx, campaign.started_at).select(['id', 'email']).orderBy('email').limit(size);
        if (campaign.claimed_through !== null) candidates = candidates.where('email', '>', campaign.claimed_through);
        const subscribers = await candidates.execute();
        const last = subscribers.at(-1);
        if (!last) {
          await trx.updateTable('newsletter_campaigns').set({ all_queued_at: now }).where('id', '=', campaignId).execute();
          return { claimed: 0, sending: true };
        }
        const rows = subscribers.map((subscriber) => ({ subscriber, id: newRecordId(), ...newToken() }));
        const inserted = await trx
          .insertInto('newsletter_campaign_recipients')
          .values(rows.map((row) => ({ id: row.id, campaign_id: campaignId, email: row.subscriber.email, state: 'queued', token_hash: row.hash, queued_at: now })))
          .onConflict((conflict) => conflict.columns(['campaign_id', 'email']).doNothing())
          .returning('id')
          .execute();
        const insertedIds = new Set(inserted.map((row) => row.id));
        const claimed = rows.filter((row) => insertedIds.has(row.id));
        if (claimed.length > 0) {
          // The unsubscribe link works as any newsletter link does, and is known to this campaign by its hash.
          await trx
            .insertInto('newsletter_tokens')
            .values(claimed.map((row) => ({ token_hash: row.hash, subscriber_id: row.subscriber.id, created_at: now })))
            .execute();
        }
        // A batch short of its size took the last addresses: no other batch is needed.
        const more = subscribers.length === size;
        await trx
          .updateTable('newsletter_campaigns')
          .set({ claimed_through: last.email, ...(!more && { all_queued_at: now }) })
          .where('id', '=', campaignId)
          .execute();
        await alongside(
          trx,
          claimed.map((row) => ({ recipientId: row.id, email: row.subscriber.email, token: row.token })),
          more,
        );
        return { claimed: claimed.length, sending: true };
      });
    },

    /** A message's recipient and campaign, and whether the address is still on the list now. */
    async recipientToSend(recipientId: string): Promise<RecipientToSend | undefined> {
      const row = await db
        .selectFrom('newsletter_campaign_recipients as r')
        .innerJoin('newsletter_campaigns as c', 'c.id', 'r.campaign_id')
        .select((eb) => [
          'r.state',
          'r.email',
          'c.id as campaign_id',
          'c.subject',
          'c.body',
          eb.exists(eb.selectFrom('newsletter_subscribers as s').select('s.id').whereRef('s.email', '=', 'r.email').where('s.confirmed_at', 'is not', null)).as('still_subscribed'),
        ])
        .where('r.id', '=', recipientId)
        .executeTakeFirst();
      if (!row) return undefined;
      return { state: row.state, email: row.email, campaignId: row.campaign_id, subject: row.subject, body: row.body, stillSubscribed: Boolean(row.still_subscribed) };
    },

    /**
     * Records what became of a message. Sent after queued (or after failed, when the admin retried the
     * job); failed or skipped only from queued, so that a late duplicate run changes nothing.
     */
    async markDone(recipientId: string, state: 'sent' | 'failed' | 'skipped', now: string): Promise<void> {
      await db
        .updateTable('newsletter_campaign_recipients')
        .set({ state, done_at: now })
        .where('id', '=', recipientId)
        .where('state', 'in', state === 'sent' ? ['queued', 'failed'] : ['queued'])
        .execute();
    },
  };
}

export type CampaignRepository = ReturnType<typeof createCampaignRepository>;
