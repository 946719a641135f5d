import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { newsletterTokenIn, outboxMessages } from '../../test/mail-outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';

/** A data folder for an extra app instance (it keeps a generated auth secret there), never the working directory. */
const scratchDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-inbox-'));

const formsPerHour = 3;
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: { FORM_RATE_LIMIT_PER_HOUR: String(formsPerHour) } });
});
afterAll(() => shop.close());

/** Each test posts from its own client address, so that the rate limit of one does not touch another. */
let nextClient = 1;
const newClient = () => `10.0.0.${nextClient++}`;

const post = (url: string, payload: object, remoteAddress: string, app = shop.app) => app.inject({ method: 'POST', url, payload, remoteAddress });

const validMessage = {
  email: 'ann.joiner@example.com',
  name: 'Ann Joiner',
  phone: '+1 555 010 2030',
  requirement: 'Twelve 19 mm bevel-edge chisels for our school workshop.',
};

describe('POST /api/newsletter', () => {
  it('subscribes an address once; subscribing again is not an error', async () => {
    const client = newClient();
    const first = await post('/api/newsletter', { email: '  Ann.Joiner@Example.com ' }, client);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ email: 'ann.joiner@example.com' });
    // Ann confirms with the link in the e-mail she was sent (double opt-in): now she is on the list.
    await shop.app.jobs.waitUntilIdle();
    const [confirmation] = outboxMessages(shop.dataDir).filter((mail) => mail.to === 'ann.joiner@example.com');
    const confirmed = await post('/api/newsletter/confirm', { token: newsletterTokenIn(confirmation!.text, 'confirm') }, client);
    expect(confirmed.statusCode).toBe(200);

    const again = await post('/api/newsletter', { email: 'ann.joiner@example.com' }, client);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ email: 'ann.joiner@example.com' });

    const rows = await shop.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'ann.joiner@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['', 'Email is Required'],
    ['not-an-address', 'Provide a valid Email'],
    ['a@b', 'Provide a valid Email'],
  ])('refuses %j with "%s"', async (email, message) => {
    const res = await post('/api/newsletter', { email }, newClient());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: `Invalid request. email: ${message}` });
  });
});

describe('POST /api/contact-messages', () => {
  it('stores the message and answers it with its id', async () => {
    const res = await post('/api/contact-messages', validMessage, newClient());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ ...validMessage, _id: body.insertedId });
    const stored = await shop.db.selectFrom('contact_messages').selectAll().where('id', '=', body.insertedId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Ann Joiner', requirement: validMessage.requirement, phone: '+1 555 010 2030' });
  });

  it('takes a message without a phone number, and keeps markup as plain text', async () => {
    const requirement = '<script>alert(1)</script> two planes';
    const res = await post('/api/contact-messages', { ...validMessage, phone: '', requirement }, newClient());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: '', requirement });
  });

  it.each([
    ['a blank name', { name: '' }, 'name: Name is Required'],
    ['a bad e-mail', { email: 'nope' }, 'email: Provide a valid Email'],
    ['a bad phone number', { phone: 'call me maybe' }, 'phone: Provide a valid phone number'],
    ['a blank requirement', { requirement: '   ' }, 'requirement: Tell us which tools you need'],
    ['a requirement over 2,000 characters', { requirement: 'x'.repeat(2001) }, 'requirement:'],
  ])('refuses %s and stores nothing', async (_case, change, message) => {
    const stored = async () => (await shop.db.selectFrom('contact_messages').select('id').execute()).length;
    const before = await stored();
    const res = await post('/api/contact-messages', { ...validMessage, ...change }, newClient());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await stored()).toBe(before);
  });
});

describe('rate limits on the forms', () => {
  it(`lets one client send ${formsPerHour} messages an hour, then answers 429 with a message`, async () => {
    const client = newClient();
    for (let i = 0; i < formsPerHour; i += 1) {
      expect((await post('/api/contact-messages', validMessage, client)).statusCode).toBe(201);
    }
    const limited = await post('/api/contact-messages', validMessage, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in .+\.$/) });

    // Another client, and the other form, are not affected.
    expect((await post('/api/contact-messages', validMessage, newClient())).statusCode).toBe(201);
    expect((await post('/api/newsletter', { email: 'limited@example.com' }, client)).statusCode).toBe(202);
  });

  it("lets a client send again once its hour is over by the shop's clock, and says how long that is", async () => {
    const clock = createTestClock('2026-05-04T09:00:00.000Z');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: scratchDataDir(), FORM_RATE_LIMIT_PER_HOUR: String(formsPerHour) }, '/nonexistent');
    const app = await createApp({ config, database: shop.database, logger: false, clock });
    try {
      const client = newClient();
      for (let i = 0; i < formsPerHour; i += 1) {
        expect((await post('/api/contact-messages', validMessage, client, app)).statusCode).toBe(201);
      }
      clock.advance(59 * 60_000);
      const limited = await post('/api/contact-messages', validMessage, client, app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Too many requests. Please try again in 1 minute.');

      clock.advance(60_000);
      expect((await post('/api/contact-messages', validMessage, client, app)).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('behind one trusted proxy, counts the address the proxy saw, whatever the client forged before it', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: scratchDataDir(), FORM_RATE_LIMIT_PER_HOUR: String(formsPerHour), TRUST_PROXY: '1' }, '/nonexistent');
    const behindProxy = await createApp({ config, database: shop.database, logger: false });
    try {
      const viaProxy = (forged: string) =>
        behindProxy.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: `${forged}@example.com` },
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
        });
      for (let i = 0; i < formsPerHour; i += 1) expect((await viaProxy(`198.51.100.${i}`)).statusCode).toBe(202);
      expect((await viaProxy('198.51.100.99')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it('counts in the database, so that a second server process sees the same count', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: scratchDataDir(), FORM_RATE_LIMIT_PER_HOUR: String(formsPerHour) }, '/nonexistent');
    const secondProcess = await createApp({ config, database: shop.database, logger: false });
    try {
      const client = newClient();
      for (let i = 0; i < formsPerHour; i += 1) {
        const app = i % 2 === 0 ? shop.app : secondProcess;
        expect((await post('/api/newsletter', { email: `reader${i}@example.com` }, client, app)).statusCode).toBe(202);
      }
      expect((await post('/api/newsletter', { email: 'one.more@example.com' }, client, secondProcess)).statusCode).toBe(429);
    } finally {
      await secondProcess.close();
    }
  });
});
