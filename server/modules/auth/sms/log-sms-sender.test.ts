import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../clock.ts';
import { loadConfig } from '../../../config/env.ts';
import { createSmsSender } from './create-sms-sender.ts';
import { createLogSmsSender, smsOutboxFile } from './log-sms-sender.ts';

/** A logger that keeps what it is given. */
function recordingLog() {
  const lines: { level: string; object: unknown; message: unknown }[] = [];
  const record = (level: string) => (object: unknown, message?: unknown) => {
    lines.push({ level, object, message });
  };
  const log = {
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
    child: () => log,
  };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const readOutbox = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string; sentAt: string });

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-sms-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the log SMS sender', () => {
  it('logs each message and appends it to the outbox file, one JSON object a line, creating the folder', async () => {
    const { lines, log } = recordingLog();
    const outbox = path.join(dataDir, 'not-yet-there', 'sms-outbox.jsonl');
    const sender = createLogSmsSender({ log, outboxFile: outbox, clock: systemClock });
    const before = Date.now();
    await sender.send({ to: '+14155550100', body: 'Your Joinery sign-in code is 123456.' });
    await sender.send({ to: '+442071838750', body: 'Your Joinery sign-in code is 654321.' });

    const messages = readOutbox(outbox);
    expect(messages).toEqual([
      { to: '+14155550100', body: 'Your Joinery sign-in code is 123456.', sentAt: expect.any(String) },
      { to: '+442071838750', body: 'Your Joinery sign-in code is 654321.', sentAt: expect.any(String) },
    ]);
    for (const message of messages) {
      expect(Date.parse(message.sentAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(message.sentAt)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(lines.filter((line) => line.level === 'info').map((line) => line.object)).toEqual([
      { sms: { to: '+14155550100', body: 'Your Joinery sign-in code is 123456.' } },
      { sms: { to: '+442071838750', body: 'Your Joinery sign-in code is 654321.' } },
    ]);
  });

  it('writes no file when it has no outbox (production)', async () => {
    const { lines, log } = recordingLog();
    await createLogSmsSender({ log, outboxFile: undefined, clock: systemClock }).send({ to: '+14155550100', body: 'code 123456' });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(lines).toHaveLength(1);
  });
});

describe('the configured SMS sender', () => {
  it('outside production, writes to the outbox in the data folder, where the end-to-end tests read it', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }, '/nonexistent');
    await createSmsSender(config, recordingLog().log, systemClock).send({ to: '+14155550100', body: 'code 123456' });
    expect(readOutbox(smsOutboxFile(config.dataDir))).toMatchObject([{ to: '+14155550100', body: 'code 123456' }]);
  });

  it('in production, only logs', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }, '/nonexistent');
    const { lines, log } = recordingLog();
    await createSmsSender(config, log, systemClock).send({ to: '+14155550100', body: 'code 123456' });
    expect(fs.existsSync(smsOutboxFile(config.dataDir))).toBe(false);
    expect(lines.map((line) => line.object)).toEqual([{ sms: { to: '+14155550100', body: 'code 123456' } }]);
  });
});
