import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { JobRunMetrics } from '../metrics/shop-metrics.ts';
import { defaultMaxAttempts } from './retry-policy.ts';
import type { EnqueueOptions, RunningJob, TaskDefinition } from './job-queue.ts';

/** A job checked against its task, ready to be stored. */
export interface PreparedJob {
  task: string;
  payload: unknown;
  maxAttempts: number;
  runAt: Date | undefined;
}

/** A periodic task with its schedule. */
export type PeriodicTask = TaskDefinition & { schedule: NonNullable<TaskDefinition['schedule']> };

function checkDefinition(task: TaskDefinition): void {
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(task.name)) throw new Error(`Task name "${task.name}" must be lower-case letters, digits and hyphens`);
  if (task.maxAttempts !== undefined && !(Number.isInteger(task.maxAttempts) && task.maxAttempts >= 1 && task.maxAttempts <= 1000)) {
    throw new Error(`Task ${task.name}: maxAttempts must be a whole number from 1 to 1000`);
  }
  if (task.schedule) {
    const { everyMinutes, payload } = task.schedule;
    if (!(Number.isInteger(everyMinutes) && everyMinutes >= 1)) throw new Error(`Task ${task.name}: schedule.everyMinutes must be a whole number of at least 1`);
    if (!task.payload.safeParse(payload).success) throw new Error(`Task ${task.name}: the schedule's payload does not fit the task's schema`);
  }
}

/** A no-op until traces are exported (server/telemetry.ts registers a tracer then). */
const tracer = trace.getTracer('joinery');

/**
 * The tasks this process knows: it checks jobs as they are enqueued and runs them by name, each run
 * counted and, when traces are exported, a span of its own (ADR 052), on either database.
 */
export function createTaskRegistry(tasks: readonly TaskDefinition[], runs: JobRunMetrics) {
  const byName = new Map<string, TaskDefinition>();
  for (const task of tasks) {
    checkDefinition(task);
    if (byName.has(task.name)) throw new Error(`Two tasks are named ${task.name}`);
    byName.set(task.name, task);
  }

  function taskNamed(name: string): TaskDefinition {
    const task = byName.get(name);
    if (!task) throw new Error(`No task is named ${name}`);
    return task;
  }

  return {
    names: (): string[] => [...byName.keys()],

    periodic: (): PeriodicTask[] => [...byName.values()].filter((task): task is PeriodicTask => task.schedule !== undefined),

    /** Refuses, in the caller's code, a job that could never run: an unknown task or a payload its schema rejects. */
    prepare(name: string, payload: unknown, options: EnqueueOptions = {}): PreparedJob {
      const task = taskNamed(name);
      const parsed = task.payload.safeParse(payload);
      if (!parsed.success) throw new Error(`The payload of a ${name} job does not fit its schema: ${parsed.error.message}`);
      const maxAttempts = options.maxAttempts ?? task.maxAttempts ?? defaultMaxAttempts;
      if (!(Number.isInteger(maxAttempts) && maxAttempts >= 1 && maxAttempts <= 1000)) throw new Error(`maxAttempts must be a whole number from 1 to 1000`);
      // The payload as given is stored, and parsed again when it runs: a schema that transforms must
      // not be applied twice.
      return { task: name, payload, maxAttempts, runAt: options.runAt };
    },

    async run(name: string, payload: unknown, job: RunningJob): Promise<void> {
      const task = taskNamed(name);
      const attributes = { 'joinery.job.task': name, 'joinery.job.id': job.id, 'joinery.job.attempt': job.attempt };
      await tracer.startActiveSpan(`job ${name}`, { attributes }, async (span) => {
        try {
          await task.handler(task.payload.parse(payload), job);
          runs.ran(name, 'succeeded');
        } catch (error) {
          runs.ran(name, 'failed');
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },

    /** The task's own line for the admin; never the raw payload, which may hold secrets. */
    describe(name: string, payload: unknown): string {
      const task = byName.get(name);
      if (!task) return 'A task this server does not know; its payload is not shown.';
      const parsed = task.payload.safeParse(payload);
      if (!parsed.success) return 'A payload that does not fit the task’s schema; it is not shown.';
      return task.describe(parsed.data);
    },
  };
}

export type TaskRegistry = ReturnType<typeof createTaskRegistry>;
