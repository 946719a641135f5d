import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How a payment the shop saw through ended (ADR 052). */
export type PaymentOutcome =
  /** Taken: the order is paid. */
  | 'paid'
  /** The card was refused at the local processor's form (Stripe refuses cards in the browser, out of the server's sight). */
  | 'declined'
  /** The order could no longer take it (sold out, gone, cancelled, paid by another payment); any hold was released. */
  | 'refused'
  /** The processor had no completed payment for the order and amount. */
  | 'unconfirmed'
  /** The processor failed to capture an authorised payment. */
  | 'failed';

/** Where payments record how they ended. */
export interface PaymentMetrics {
  /** A payment that did not end in the order paid. */
  outcome(outcome: Exclude<PaymentOutcome, 'paid'>): void;
  /** A payment taken: the order is paid, `seconds` after it was placed. */
  paid(seconds: number): void;
}

/** Where mail delivery records each message handed to the mail server. */
export interface MailMetrics {
  sent(): void;
  failed(): void;
}

/** Where the job queue records each run of a job. */
export interface JobRunMetrics {
  ran(task: string, outcome: 'succeeded' | 'failed'): void;
}

/** The queue as one scrape reads it, in any process on the database. */
export interface QueueDepth {
  /** Due now, waiting for a runner. */
  due: number;
  /** Not due yet (scheduled, or a retry waiting its back-off). */
  waiting: number;
  running: number;
  /** Failed for good, listed for the admin. */
  failed: number;
  /** Seconds the longest-waiting due job has been due; 0 when none is. */
  oldestDueSeconds: number;
}

/**
 * Latency buckets from 1 ms to 5 s: a catalogue answer kept in memory takes about a millisecond, a
 * page that queries several tables tens, and anything past five seconds is a failure whatever its bucket.
 */
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * From placing an order to its payment taken: a flash sale's customer pays within a second, a
 * customer who types the card in within minutes, one who comes back to the order within the day.
 */
const placedToPaidBuckets = [0.05, 0.1, 0.15, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 5, 10, 30, 60, 300, 900, 3600, 86_400];

/**
 * The shop's own figures for Prometheus (ADR 052), each process counting its own: under a cluster
 * the primary adds the processes' counters up (cluster-metrics.ts). One registry per shop, so that
 * the tests' many shops in one process never count each other's requests. Figures read from the
 * database at scrape time (the queue) are the same in every process, so the primary takes the
 * first process's rather than a sum.
 */
export function createShopMetrics() {
  const registry = new Registry();

  const requestDuration = new Histogram({
    name: 'joinery_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, and how long the server took to answer them',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'joinery_payments_total',
    help: 'Payments by how they ended: paid, declined, refused (the order could not take it), unconfirmed, failed (capture)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const ordersPaid = new Counter({ name: 'joinery_orders_paid_total', help: 'Orders whose payment was taken', registers: [registry] });
  const placedToPaid = new Histogram({
    name: 'joinery_order_placed_to_paid_seconds',
    help: 'How long after an order was placed its payment was taken',
    buckets: placedToPaidBuckets,
    registers: [registry],
  });
  const mail = new Counter({
    name: 'joinery_mail_messages_total',
    help: 'Messages handed to the mail server (sent), or refused by it or unreachable (failed; the job tries again later)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'joinery_job_runs_total',
    help: 'Background job runs by task and outcome; a failed run is retried with back-off until its attempts are spent',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });

  return {
    registry,

    /** One answered request: `route` is the route's pattern (never the URL, whose ids would make a series each). */
    requestAnswered(method: string, route: string, statusCode: number, seconds: number): void {
      requestDuration.observe({ method, route, status_code: statusCode }, seconds);
    },

    payments: {
      outcome: (outcome) => payments.inc({ outcome }),
      paid(seconds) {
        payments.inc({ outcome: 'paid' });
        ordersPaid.inc();
        placedToPaid.observe(seconds);
      },
    } satisfies PaymentMetrics,

    mail: {
      sent: () => mail.inc({ outcome: 'sent' }),
      failed: () => mail.inc({ outcome: 'failed' }),
    } satisfies MailMetrics,

    jobs: {
      ran: (task, outcome) => jobRuns.inc({ task, outcome }),
    } satisfies JobRunMetrics,

    /** The queue's depth, read from the database when Prometheus scrapes (one indexed query). */
    watchQueue(depth: () => Promise<QueueDepth>): void {
      let reading: Promise<QueueDepth> | undefined;
      // A scrape collects both gauges side by side: they share the one reading in flight.
      const read = () => (reading ??= depth().finally(() => (reading = undefined)));
      new Gauge({
        name: 'joinery_jobs',
        help: 'Background jobs by state: due (waiting for a runner), waiting (not due yet), running, failed (for good, listed for the admin)',
        labelNames: ['state'] as const,
        aggregator: 'first',
        registers: [registry],
        async collect() {
          const { due, waiting, running, failed } = await read();
          this.set({ state: 'due' }, due);
          this.set({ state: 'waiting' }, waiting);
          this.set({ state: 'running' }, running);
          this.set({ state: 'failed' }, failed);
        },
      });
      new Gauge({
        name: 'joinery_jobs_oldest_due_age_seconds',
        help: 'How long the longest-waiting due job has been due (0 when none is)',
        aggregator: 'first',
        registers: [registry],
        async collect() {
          this.set((await read()).oldestDueSeconds);
        },
      });
    },

    /** PostgreSQL's connection pool, as pg counts it; SQLite has no pool, and reports none. */
    watchPool(pool: pg.Pool): void {
      const gauge = (name: string, help: string, value: () => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(value());
          },
        });
      gauge('joinery_db_pool_connections', 'PostgreSQL connections open in the pool', () => pool.totalCount);
      gauge('joinery_db_pool_idle_connections', 'PostgreSQL connections open and idle', () => pool.idleCount);
      gauge('joinery_db_pool_waiting_clients', 'Queries waiting for a connection because every one is busy', () => pool.waitingCount);
    },
  };
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;
