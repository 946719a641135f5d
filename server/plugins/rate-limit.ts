import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../common/schemas/errors.ts';
import { AppError } from '../errors.ts';
import type { RateLimitRepository } from '../modules/rate-limit/rate-limit-repository.ts';

const cleanUpEvery = 500;

/** A rate-limit store on the shop's database, so that every server process counts the same hits. */
function databaseStore(counters: RateLimitRepository): FastifyRateLimitStoreCtor {
  let hitsSinceCleanUp = 0;

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its options; children get the route's name as prefix.
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      hitsSinceCleanUp += 1;
      if (hitsSinceCleanUp >= cleanUpEvery) {
        hitsSinceCleanUp = 0;
        void counters.deleteExpired().catch(() => undefined);
      }
      counters.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, msUntilReset }) => callback(null, { current: count, ttl: msUntilReset }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(`${String(route?.method ?? '')} ${route?.url ?? ''}|`);
    }
  }
  return DatabaseRateLimitStore;
}

/** Rate limits are opt-in per route (`config.rateLimit`); a client past its limit gets a 429 it can show. */
export async function registerRateLimits(app: FastifyInstance, counters: RateLimitRepository): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(counters),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, errorCodes.rateLimited, `Too many requests. Please try again in ${context.after}.`),
  });
}
