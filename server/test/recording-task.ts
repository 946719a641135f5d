import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { defineTask, type TaskDefinition } from '../modules/jobs/job-queue.ts';

/** One run of a test task, as its handler saw it. */
export interface TaskRun<Payload> {
  payload: Payload;
  jobId: string;
  attempt: number;
  /** Milliseconds on the test's monotonic clock, to measure the time between runs. */
  at: number;
}

export interface RecordingTask<Payload> {
  task: TaskDefinition<Payload>;
  runs: TaskRun<Payload>[];
}

/**
 * A background task of a test's own that records every run. `outcome` decides each run (throw to
 * fail it); by default every run succeeds.
 */
export function recordingTask<Payload>(
  name: string,
  payload: z.ZodType<Payload>,
  options: {
    outcome?: (run: TaskRun<Payload>, runsSoFar: number) => void | Promise<void>;
    describe?: (payload: Payload) => string;
    maxAttempts?: number;
    schedule?: TaskDefinition<Payload>['schedule'];
  } = {},
): RecordingTask<Payload> {
  const runs: TaskRun<Payload>[] = [];
  const task = defineTask<Payload>({
    name,
    payload,
    describe: options.describe ?? (() => `A ${name} job`),
    maxAttempts: options.maxAttempts,
    schedule: options.schedule,
    async handler(given, job) {
      const run = { payload: given, jobId: job.id, attempt: job.attempt, at: performance.now() };
      runs.push(run);
      await options.outcome?.(run, runs.length);
    },
  });
  return { task, runs };
}

/** A payload with a number, to tell jobs apart. */
export const numberedPayload = z.object({ n: z.number().int() });
