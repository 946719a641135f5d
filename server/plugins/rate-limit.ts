import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Sessions } from '../modules/auth/viewer.ts';
import type { RateLimitRepository } from '../modules/rate-limit/rate-limit-repository.ts';

const cleanUpEvery = 500;

/** A route's limit (`config.rateLimit`): at most `max` calls a minute by one account, or one address when signed out. */
export function perMinute(max: number) {
  return { max, timeWindow: '1 minute' } as const;
}

/** A route's limit of `max` calls an hour, for forms a person sends a few times at most. */
export function perHour(max: number) {
  return { max, timeWindow: '1 hour' } as const;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A rate-limit store on the shop's database, so that every server process counts the same hits.
 * A key found over its limit is remembered in this process until its window ends, so that a caller
 * who keeps knocking costs no further database write.
 */
function databaseStore(counters: RateLimitRepository, clock: Clock): FastifyRateLimitStoreCtor {
  let hitsSinceCleanUp = 0;
  const overLimitUntil = new Map<string, number>();

  function forgetEnded(now: number) {
    for (const [key, until] of overLimitUntil) if (until <= now) overLimitUntil.delete(key);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its options; children get the route's name as prefix.
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      const counted = `${this.prefix}${key}`;
      const now = clock().getTime();
      const until = overLimitUntil.get(counted);
      if (until !== undefined && until > now) {
        callback(null, { current: max + 1, ttl: until - now });
        return;
      }
      hitsSinceCleanUp += 1;
      if (hitsSinceCleanUp >= cleanUpEvery) {
        hitsSinceCleanUp = 0;
        forgetEnded(now);
        void counters.deleteExpired().catch(() => undefined);
      }
      counters.hit(counted, timeWindow).then(
        ({ count, msUntilReset }) => {
          if (count > max) overLimitUntil.set(counted, now + msUntilReset);
          callback(null, { current: count, ttl: msUntilReset });
        },
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

/**
 * Whom a limit counts: the signed-in account, so that customers behind one address (a workshop, a
 * school, a shop without TRUST_PROXY) do not share one allowance; the client address only for
 * anonymous calls.
 */
function limitedParty(sessions: Sessions) {
  return async (request: FastifyRequest): Promise<string> => {
    const viewer = await sessions.viewerOf(request);
    return viewer ? `account:${viewer.id}` : `address:${request.ip}`;
  };
}

/** Rate limits are opt-in per route (`config.rateLimit`); a client past its limit gets a 429 it can show. */
export const rateLimits = fp<{ counters: RateLimitRepository; sessions: Sessions; clock: Clock }>(
  async (app, { counters, sessions, clock }) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(counters, clock),
      keyGenerator: limitedParty(sessions),
      errorResponseBuilder: (_request, context) => new AppError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
    });
  },
  // Its 429 is answered in the shop's form by the error handler.
  { name: 'rate-limits', dependencies: ['error-handler'], fastify: '5.x' },
);
