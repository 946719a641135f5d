import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * Under a cluster (WEB_CONCURRENCY above 1) the processes share one port, and a scrape reaches
 * whichever the cluster hands it to. That process asks the primary, which asks every process for its
 * figures (prom-client's AggregatorRegistry), adds them up and answers; so one scrape reports the
 * whole machine, on the same port and behind the same token (ADR 052).
 */
const scrapeRequest = 'joinery:scrape';
const scrapeAnswer = 'joinery:scraped';
/** prom-client gives up on a process that does not answer in 5 s; this waits a little longer for the primary. */
const answerTimeoutMs = 6_000;

interface ScrapeRequest {
  type: typeof scrapeRequest;
  id: string;
}
interface ScrapeAnswer {
  type: typeof scrapeAnswer;
  id: string;
  metrics?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** In the primary: answers each process's scrape with every process's figures added up. */
export function answerScrapesForWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<ScrapeRequest>(message, scrapeRequest)) return;
    const reply = (answer: Omit<ScrapeAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: scrapeAnswer, id: message.id, ...answer } satisfies ScrapeAnswer);
    };
    aggregator.clusterMetrics().then(
      (metrics) => reply({ metrics }),
      (error: unknown) => reply({ error: String(error) }),
    );
  });
}

/** In a worker: these registries are what the primary gathers from this process. */
export function shareWithPrimary(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
  // Constructing one makes prom-client answer the primary's requests in this process.
  new AggregatorRegistry();
}

/** In a worker: the whole machine's figures, through the primary. */
export function scrapeWholeMachine(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(new Error('The primary process did not answer the scrape')), answerTimeoutMs);
    function settle(error: Error | undefined, metrics?: string) {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (error) reject(error);
      else resolve(metrics ?? '');
    }
    function onMessage(message: unknown) {
      if (!isMessage<ScrapeAnswer>(message, scrapeAnswer) || message.id !== id) return;
      settle(message.error === undefined ? undefined : new Error(message.error), message.metrics);
    }
    process.on('message', onMessage);
    process.send?.({ type: scrapeRequest, id } satisfies ScrapeRequest);
  });
}
