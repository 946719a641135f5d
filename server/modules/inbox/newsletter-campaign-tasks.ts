import { z } from 'zod';
import { defineTask, type TaskDefinition } from '../jobs/job-queue.ts';
import { type CampaignService, campaignTasks } from './newsletter-campaign-service.ts';

/** The campaign and the time it was scheduled for: the job starts it only if that is still its time. */
const startPayload = z.object({ campaignId: z.string(), scheduledAt: z.string() });
const batchPayload = z.object({ campaignId: z.string(), batch: z.number().int().min(0) });
const messagePayload = z.object({ recipientId: z.string(), token: z.string() });

/** How many runs a campaign's message gets before it counts as failed (the last about 2.5 minutes after the first). */
const messageAttempts = 6;

/**
 * The jobs that send a campaign: its start at a scheduled time, its batches, and each message. They
 * reach the service in the finished shop: no job runs before the queue starts.
 */
export function campaignTaskDefinitions(campaigns: () => CampaignService): TaskDefinition[] {
  return [
    defineTask({
      name: campaignTasks.start,
      payload: startPayload,
      describe: ({ campaignId }) => `Start the scheduled newsletter campaign ${campaignId}`,
      handler: ({ campaignId, scheduledAt }) => campaigns().startScheduled(campaignId, scheduledAt),
    }),
    defineTask({
      name: campaignTasks.batch,
      payload: batchPayload,
      describe: ({ campaignId, batch }) => `Queue batch ${batch + 1} of newsletter campaign ${campaignId}`,
      handler: ({ campaignId, batch }) => campaigns().sendBatch(campaignId, batch),
    }),
    defineTask({
      name: campaignTasks.message,
      payload: messagePayload,
      maxAttempts: messageAttempts,
      // The token unsubscribes its reader: never shown.
      describe: ({ recipientId }) => `A newsletter message (recipient ${recipientId})`,
      handler: ({ recipientId, token }, job) => campaigns().sendMessage(recipientId, token, { final: job.attempt >= messageAttempts }),
    }),
  ] as TaskDefinition[];
}
