import { afterEach, describe, expect, it } from 'vitest';
import { captureLog, logLevels, type LogLine } from '../test/log-capture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** What the log keeps of requests: slow ones, server errors, a sample, or all of them when asked. */
let shop: TestApp | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

async function shopLogging(env: NodeJS.ProcessEnv): Promise<LogLine[]> {
  const log = captureLog();
  shop = await createTestApp({
    seed: false,
    env,
    logStream: log.stream,
    addRoutes: (app) => app.get('/api/test-failure', { config: { access: 'public' } }, () => Promise.reject(new Error('the disk is full'))),
  });
  return log.lines;
}

const requestLines = (lines: LogLine[]) => lines.filter((line) => ['request completed', 'slow request', 'request failed', 'incoming request'].includes(line.msg ?? ''));

async function askForProducts(times: number) {
  for (let index = 0; index < times; index += 1) expect((await shop!.app.inject('/api/products')).statusCode).toBe(200);
}

describe('the request log', () => {
  it('keeps no line for quick, successful requests when nothing is sampled', async () => {
    const lines = await shopLogging({ REQUEST_LOG_SAMPLE: '0' });
    await askForProducts(20);
    expect(requestLines(lines)).toEqual([]);
  });

  it('keeps one line per request, with method, address, status and time, as an access log when asked', async () => {
    const lines = await shopLogging({ ACCESS_LOG: 'true' });
    await askForProducts(3);
    expect(requestLines(lines)).toEqual(
      Array.from({ length: 3 }, () =>
        expect.objectContaining({
          level: logLevels.info,
          msg: 'request completed',
          req: { method: 'GET', url: '/api/products' },
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
        }),
      ),
    );
  });

  it('warns of a request slower than the threshold', async () => {
    const lines = await shopLogging({ REQUEST_LOG_SAMPLE: '0', SLOW_REQUEST_MS: '0' });
    await askForProducts(1);
    expect(requestLines(lines)).toEqual([expect.objectContaining({ level: logLevels.warn, msg: 'slow request', req: { method: 'GET', url: '/api/products' } })]);
  });

  it('warns of a request that failed on the server, beside the error that caused it', async () => {
    const lines = await shopLogging({ REQUEST_LOG_SAMPLE: '0' });
    expect((await shop!.app.inject('/api/test-failure')).statusCode).toBe(500);
    expect(requestLines(lines)).toEqual([expect.objectContaining({ level: logLevels.warn, msg: 'request failed', res: { statusCode: 500 } })]);
    expect(lines).toContainEqual(expect.objectContaining({ level: logLevels.error, msg: 'unhandled error' }));
  });

  it('keeps no token of a mailed link: a cart reminder’s restore link and its page', async () => {
    const lines = await shopLogging({ ACCESS_LOG: 'true' });
    const token = 'cart-reminder-token-0123456789';
    expect((await shop!.app.inject(`/api/cart-reminders/restore?token=${token}`)).statusCode).toBe(404);
    expect((await shop!.app.inject(`/cart/restore?token=${token}`)).statusCode).not.toBe(500);
    expect(requestLines(lines).map((line) => line.req)).toEqual([
      { method: 'GET', url: '/api/cart-reminders/restore?token=…' },
      { method: 'GET', url: '/cart/restore?token=…' },
    ]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('keeps about the configured share of the rest', async () => {
    const lines = await shopLogging({ REQUEST_LOG_SAMPLE: '0.5' });
    await askForProducts(200);
    const kept = requestLines(lines).length;
    expect(kept).toBeGreaterThan(50);
    expect(kept).toBeLessThan(150);
  });
});
