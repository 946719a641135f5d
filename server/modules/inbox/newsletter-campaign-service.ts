import { productSlugsOf } from '../../../common/rich-text.ts';
import { type Campaign, type CampaignInput, campaignMessages, type CampaignPreview, type CampaignState } from '../../../common/schemas/newsletter-campaigns.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { type DeliverNow, refusedForGood } from '../mail/deliver-now.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { EmailContent } from '../mail/templates/email-content.ts';
import { campaignEmail, type CampaignProduct, type CampaignProducts, oneClickHeaders } from './newsletter-campaign-message.ts';
import type { CampaignFigures, CampaignRepository, CampaignRow } from './newsletter-campaign-repository.ts';
import { newNewsletterToken } from './newsletter-tokens.ts';

export const campaignTasks = { start: 'newsletter-campaign-start', batch: 'newsletter-campaign-batch', message: 'newsletter-campaign-message' } as const;

/** How many addresses one batch claims at most: short transactions whatever the list's length. */
const largestBatch = 100;
/** How long a campaign's product cards are kept by a process while it sends (prices may change meanwhile). */
const productCardsKeptMs = 60_000;

export interface CampaignServiceParts {
  campaigns: CampaignRepository;
  clock: Clock;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Mailer;
  deliver: DeliverNow;
  /** The e-mail as it will be sent, for the preview. */
  render: (content: EmailContent) => Promise<{ subject: string; html: string; text: string }>;
  /** A product of the catalogue by the address its page has, or undefined (unknown or hidden). */
  product: (slug: string) => Promise<CampaignProduct | undefined>;
  audit: AuditRecorder;
  publicUrl: string;
  /** NEWSLETTER_RATE_PER_MINUTE: how many messages a campaign sends a minute at most. */
  ratePerMinute: number;
}

function stateOf(row: CampaignRow, figures: CampaignFigures): CampaignState {
  if (row.state === 'sending' && row.all_queued_at !== null && figures.queued === 0) return 'sent';
  return row.state as CampaignState;
}

function toCampaign(row: CampaignRow, figures: CampaignFigures): Campaign {
  return {
    _id: row.id,
    subject: row.subject,
    body: row.body,
    state: stateOf(row, figures),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    scheduledAt: row.scheduled_at,
    startedAt: row.started_at,
    recipients: Number(row.recipients),
    sent: figures.sent,
    failed: figures.failed,
    skipped: figures.skipped,
    unsubscribed: figures.unsubscribed,
  };
}

const invalidBody = (message: string) => new AppError(400, 'VALIDATION_FAILED', `Invalid request. body: ${message}`);

/**
 * Newsletter campaigns (issue 29): written and previewed by the admin, tried on their own address,
 * then sent to the confirmed subscribers, now or at a set time. Sending runs in batches on the job
 * queue: each batch claims a few addresses and queues their messages in one transaction, spaced to
 * NEWSLETTER_RATE_PER_MINUTE, so that a crash or a restart sends nobody twice and skips nobody.
 */
export function createCampaignService({ campaigns, clock, jobs, mailer, deliver, render, product, audit, publicUrl, ratePerMinute }: CampaignServiceParts) {
  const now = () => clock().toISOString();
  const batchSize = Math.max(1, Math.min(largestBatch, ratePerMinute));
  const gapMs = 60_000 / ratePerMinute;
  const cardsKept = new Map<string, { until: number; products: CampaignProducts }>();

  async function productsOf(body: string): Promise<{ found: Map<string, CampaignProduct>; missing: string[] }> {
    const found = new Map<string, CampaignProduct>();
    const missing: string[] = [];
    for (const slug of productSlugsOf(body)) {
      const card = await product(slug);
      if (card) found.set(slug, card);
      else missing.push(slug);
    }
    return { found, missing };
  }

  /** The products a text names, each checked to be in the catalogue: a draft never names one that is not. */
  async function checkedProducts(body: string): Promise<CampaignProducts> {
    const { found, missing } = await productsOf(body);
    if (missing.length > 0) throw invalidBody(missing.map(campaignMessages.noProduct).join('; body: '));
    return found;
  }

  /** A sending campaign's cards, read once a minute by each process rather than once a message. */
  async function cardsOf(campaignId: string, body: string): Promise<CampaignProducts> {
    const kept = cardsKept.get(campaignId);
    if (kept && kept.until > Date.now()) return kept.products;
    const { found } = await productsOf(body);
    cardsKept.set(campaignId, { until: Date.now() + productCardsKeptMs, products: found });
    return found;
  }

  async function withFigures(row: CampaignRow): Promise<Campaign> {
    const figures = await campaigns.figuresOf([row.id]);
    return toCampaign(row, figures.get(row.id) ?? { queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribed: 0 });
  }

  async function existing(id: string): Promise<CampaignRow> {
    const row = await campaigns.find(id);
    if (!row) throw notFound('No campaign has that id.');
    return row;
  }

  const enqueueBatch = (transaction: Database, campaignId: string, batch: number, runAt?: Date) => jobs.enqueue(transaction, campaignTasks.batch, { campaignId, batch }, { runAt });

  const unsubscribeUrlOf = (token: string) => `${publicUrl}/newsletter/unsubscribe?token=${token}`;

  return {
    async create(input: { subject: string; body: string }): Promise<Campaign> {
      await checkedProducts(input.body);
      return withFigures(await campaigns.create(input, now()));
    },

    /** Changes a draft; a campaign sent or scheduled is refused (409), so what readers got is what it shows. */
    async update(id: string, input: Partial<CampaignInput>): Promise<Campaign> {
      if (input.body !== undefined) await checkedProducts(input.body);
      const fields = { ...(input.subject !== undefined && { subject: input.subject }), ...(input.body !== undefined && { body: input.body }) };
      const updated = await campaigns.updateDraft(id, fields, now());
      if (updated) return withFigures(updated);
      await existing(id);
      throw conflict(campaignMessages.notDraft);
    },

    async list(page: { limit: number; offset: number }): Promise<{ items: Campaign[]; total: number }> {
      const { rows, total } = await campaigns.list(page);
      const figures = await campaigns.figuresOf(rows.map((row) => row.id));
      return { items: rows.map((row) => toCampaign(row, figures.get(row.id) ?? { queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribed: 0 })), total };
    },

    async get(id: string): Promise<Campaign> {
      return withFigures(await existing(id));
    },

    /** How many a campaign sent now would go to. */
    async audience(): Promise<{ confirmedSubscribers: number }> {
      return { confirmedSubscribers: await campaigns.confirmedSubscribers() };
    },

    /** The e-mail a text makes, as a reader will get it (with a link that unsubscribes nobody). */
    async preview(input: { subject: string; body: string }): Promise<CampaignPreview> {
      const products = await checkedProducts(input.body);
      return render(campaignEmail(input, products, publicUrl, unsubscribeUrlOf('preview')));
    },

    /** A saved campaign's e-mail as readers get it, for the editor's preview frame. */
    async previewOf(id: string): Promise<CampaignPreview> {
      const row = await existing(id);
      const { found } = await productsOf(row.body);
      return render(campaignEmail(row, found, publicUrl, unsubscribeUrlOf('preview')));
    },

    /** One copy to the admin's own address, through the mail queue; its unsubscribe link is inert. */
    async sendTest(id: string, to: string): Promise<{ to: string }> {
      const row = await existing(id);
      const products = await checkedProducts(row.body);
      const content = campaignEmail(row, products, publicUrl, unsubscribeUrlOf('test-copy'));
      await mailer.enqueue(campaigns.database, { to, content: { ...content, subject: `[Test] ${row.subject}` }, headers: oneClickHeaders(publicUrl, 'test-copy') });
      return { to };
    },

    /**
     * Sends a draft now, or schedules it for `at`. A campaign is sent once: any other state is refused
     * (409), decided by the write that changes the state, with the audit record in its transaction.
     */
    async send(id: string, at: string | undefined, actor: StaffActor): Promise<Campaign> {
      const current = now();
      if (at !== undefined && Date.parse(at) > Date.parse(current)) {
        const scheduledAt = new Date(at).toISOString();
        const scheduled = await campaigns.schedule(id, scheduledAt, current, async (trx, row) => {
          await jobs.enqueue(trx, campaignTasks.start, { campaignId: row.id, scheduledAt }, { runAt: new Date(scheduledAt) });
          await audit(trx, actor, { kind: 'newsletter.scheduled', subject: row.subject, detail: { facts: { campaign: row.id, at: scheduledAt } } });
        });
        if (scheduled) return withFigures(scheduled);
      } else {
        const started = await campaigns.start(id, 'draft', current, async (trx, row) => {
          await enqueueBatch(trx, row.id, 0);
          await audit(trx, actor, { kind: 'newsletter.sent', subject: row.subject, detail: { facts: { campaign: row.id, recipients: Number(row.recipients) } } });
        });
        if (started) return withFigures(started);
      }
      await existing(id);
      throw conflict(campaignMessages.notDraft);
    },

    /** A scheduled campaign back to a draft, before its time comes. */
    async cancel(id: string, actor: StaffActor): Promise<Campaign> {
      const cancelled = await campaigns.cancelSchedule(id, now(), async (trx, row) => {
        await audit(trx, actor, { kind: 'newsletter.scheduled', subject: row.subject, detail: { facts: { campaign: row.id, at: null } } });
      });
      if (cancelled) return withFigures(cancelled);
      await existing(id);
      throw conflict(campaignMessages.notScheduled);
    },

    /**
     * The job at a scheduled campaign's time: it starts the campaign if it is still scheduled for that
     * time, and leaves it alone if it was cancelled or moved meanwhile.
     */
    async startScheduled(campaignId: string, scheduledAt: string): Promise<void> {
      await campaigns.start(campaignId, { scheduledAt }, now(), async (trx, row) => {
        await enqueueBatch(trx, row.id, 0);
      });
    },

    /**
     * One batch: claims the next addresses and queues their messages spaced to the rate, then the next
     * batch after them, all in one transaction. Running twice claims nobody twice.
     */
    async sendBatch(campaignId: string, batch: number): Promise<void> {
      const start = clock().getTime();
      await campaigns.claimBatch(campaignId, batch, batchSize, new Date(start).toISOString(), newNewsletterToken, async (trx, claimed, more) => {
        for (const [index, recipient] of claimed.entries()) {
          await jobs.enqueue(trx, campaignTasks.message, { recipientId: recipient.recipientId, token: recipient.token }, { runAt: new Date(start + index * gapMs) });
        }
        if (more) await enqueueBatch(trx, campaignId, batch + 1, new Date(start + claimed.length * gapMs));
      });
    },

    /**
     * One message, checked at the moment it goes: an address that left the list is skipped. An address
     * refused for good is recorded as failed; another refusal throws so that the job retries it, and
     * the last retry's is recorded as failed (the job is then listed for the admin, who may retry it).
     */
    async sendMessage(recipientId: string, token: string, attempt: { final: boolean }): Promise<void> {
      const recipient = await campaigns.recipientToSend(recipientId);
      if (!recipient || (recipient.state !== 'queued' && recipient.state !== 'failed')) return;
      if (!recipient.stillSubscribed) {
        await campaigns.markDone(recipientId, 'skipped', now());
        return;
      }
      const products = await cardsOf(recipient.campaignId, recipient.body);
      try {
        // The recipient row's id, a random UUID made once when the reader was claimed, is the message's
        // key: a run after a crash or a retry sends the same Message-ID (ADR 057).
        await deliver({
          to: recipient.email,
          content: campaignEmail(recipient, products, publicUrl, unsubscribeUrlOf(token)),
          messageKey: recipientId,
          headers: oneClickHeaders(publicUrl, token),
        });
      } catch (error) {
        // An address the mail server refuses for good is recorded at once: trying it again would only be refused again.
        if (refusedForGood(error)) {
          await campaigns.markDone(recipientId, 'failed', now());
          return;
        }
        if (attempt.final) await campaigns.markDone(recipientId, 'failed', now());
        throw error;
      }
      await campaigns.markDone(recipientId, 'sent', now());
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
