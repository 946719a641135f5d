import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerWithAuthLog, logAuthLine } from './auth-log.ts';

/** A logger that keeps each call as [level, message]. */
function recordingLogger() {
  const calls: [string, string][] = [];
  const at = (level: string) => (_fields: object, message: string) => void calls.push([level, message]);
  const log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, calls };
}

const answering = (status: number, saying: [level: 'warn' | 'error', message: string]) => async () => {
  await Promise.resolve();
  logAuthLine(recordingLogger().log, saying[0], saying[1], []);
  return new Response(null, { status });
};

describe("better-auth's log lines", () => {
  it('are logged at info when the answer is a refusal or a redirect', async () => {
    for (const status of [302, 400, 403, 404]) {
      const { log, calls } = recordingLogger();
      await answerWithAuthLog(log, answering(status, ['error', 'Invalid callbackURL: https://evil.example']));
      expect(calls).toEqual([['info', 'Invalid callbackURL: https://evil.example']]);
    }
  });

  it('keep their own level when the request failed on the server', async () => {
    const { log, calls } = recordingLogger();
    await answerWithAuthLog(log, answering(500, ['error', 'database unreachable']));
    expect(calls).toEqual([['error', 'database unreachable']]);
  });

  it('keep their own level when better-auth throws instead of answering', async () => {
    const { log, calls } = recordingLogger();
    const throwing = async () => {
      logAuthLine(recordingLogger().log, 'warn', 'about to fail', []);
      throw new Error('boom');
    };
    await expect(answerWithAuthLog(log, throwing)).rejects.toThrow('boom');
    expect(calls).toEqual([['warn', 'about to fail']]);
  });

  it('are logged at once, as ranked, outside any request (at start)', () => {
    const { log, calls } = recordingLogger();
    logAuthLine(log, 'error', 'no secret', []);
    expect(calls).toEqual([['error', 'no secret']]);
  });
});
