import { z } from 'zod';

/** A background job that failed for good, as the admin sees it. */
export const failedJobSchema = z.object({
  _id: z.string(),
  task: z.string().meta({ description: 'The kind of work, e.g. send-order-email' }),
  description: z.string().meta({ description: 'What the job was about, without secrets or personal details' }),
  attempts: z.number().int().meta({ description: 'How many times it ran' }),
  lastError: z.string().meta({ description: 'The error of its last run' }),
  failedAt: z.string().meta({ description: 'When its last run failed (ISO 8601, UTC)' }),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const jobIdParamsSchema = z.object({ id: z.string().max(40) });

/** The answer to a retry: the job is queued to run again shortly. */
export const retriedJobSchema = z.object({ _id: z.string() });
