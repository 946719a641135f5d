import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** The levels better-auth hands its logger ('success' arrives as 'info'). */
type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

interface AuthLogLine {
  level: AuthLogLevel;
  message: string;
  args: unknown[];
}

/** The lines better-auth logs while it answers one request, held until the answer is known. */
const linesOfRequest = new AsyncLocalStorage<AuthLogLine[]>();

/**
 * better-auth's logger. better-auth logs a client's mistake (an unknown provider, a callback URL on
 * another site, a forged state) at error level, with the client's own text in the line. Inside a
 * request the line waits for the answer (see answerWithAuthLog); outside one (at start) it is
 * logged as better-auth ranks it.
 */
export function logAuthLine(log: FastifyBaseLogger, level: AuthLogLevel, message: string, args: unknown[]): void {
  const held = linesOfRequest.getStore();
  if (held) held.push({ level, message, args });
  else log[level]({ auth: args }, message);
}

/**
 * Runs one request through better-auth, then logs what it said on the way: at info when the answer
 * is not a server failure (the client's mistake is no operator's alarm), as better-auth ranked it
 * when the request failed on the shop's side.
 */
export async function answerWithAuthLog(log: FastifyBaseLogger, answer: () => Promise<Response>): Promise<Response> {
  const held: AuthLogLine[] = [];
  let failed = true;
  try {
    const response = await linesOfRequest.run(held, answer);
    failed = response.status >= 500;
    return response;
  } finally {
    for (const { level, message, args } of held) log[failed ? level : 'info']({ auth: args }, message);
  }
}
