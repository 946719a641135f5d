import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once `count` answers 0, asking every `checkMs`; throws `failure` once `timeoutMs` have
 * passed with some still counted. The queue's waits for its own state: idle, or a run's outcomes written.
 */
export async function untilNone(count: () => Promise<number>, { checkMs, timeoutMs, failure }: { checkMs: number; timeoutMs: number; failure: string }): Promise<void> {
  for (let waited = 0; (await count()) > 0; waited += checkMs) {
    if (waited >= timeoutMs) throw new Error(failure);
    await sleep(checkMs);
  }
}
