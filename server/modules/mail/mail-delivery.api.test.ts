import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppOn } from '../../test/app-at.ts';
import { useSharedDatabase } from '../../test/shared-database.ts';
import { type SmtpStandIn, smtpStandInCaFile, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { sendEmailTask } from './mailer.ts';

/**
 * The shop's mail through a real SMTP server (the stand-in for the provider): queued with the change
 * that causes it, delivered by the job system, retried when the provider refuses, and sent once
 * whatever happens to the server processes in between; a copy the provider was handed twice carries
 * the same Message-ID, so its reader sees it once (ADR 057).
 */
const shopInbox = 'workshop@joinery.example';
const shared = useSharedDatabase();
let standIn: SmtpStandIn;

beforeAll(async () => {
  standIn = await startSmtpStandIn();
});
afterAll(() => standIn.close());

const mailEnv = () => ({
  SMTP_URL: standIn.url,
  SMTP_CA_FILE: smtpStandInCaFile,
  MAIL_FROM: 'Joinery Tool Works <shop@joinery.example>',
  SHOP_NOTIFY_EMAIL: shopInbox,
  PUBLIC_URL: 'https://shop.joinery.example',
});

let sent = 0;
function contactMessage() {
  sent += 1;
  return { name: `Walter ${sent}`, email: 'walter@example.com', phone: '', requirement: `Do you make a left-handed marking knife? <b>Two</b> please (${sent}).` };
}

async function sendContactMessage(app: Awaited<ReturnType<typeof createAppOn>>['app'], body: ReturnType<typeof contactMessage>) {
  const res = await app.inject({ method: 'POST', url: '/api/contact-messages', payload: body, remoteAddress: `10.9.0.${sent}` });
  expect(res.statusCode, res.body).toBe(201);
}

const receivedFor = (name: string) => standIn.received.filter((mail) => mail.subject === `New message from ${name}`);
const messageIdsFor = (name: string) => receivedFor(name).map((mail) => mail.headers['message-id']);

describe("the shop's notice of a contact message", () => {
  it('arrives at SHOP_NOTIFY_EMAIL over TLS with the right subject, a text part and an HTML part', async () => {
    const shop = await createAppOn(shared.database, { env: mailEnv(), jobs: { pollIntervalMs: 50 } });
    try {
      const body = contactMessage();
      await sendContactMessage(shop.app, body);
      await vi.waitFor(() => expect(receivedFor(body.name)).toHaveLength(1), { timeout: 10_000, interval: 25 });
      const [mail] = receivedFor(body.name);
      expect(mail).toMatchObject({ to: [shopInbox], from: 'shop@joinery.example', secure: true });
      expect(mail!.text).toContain(body.requirement);
      expect(mail!.text).toContain('https://shop.joinery.example/dashboard/messages');
      // What a visitor typed is shown as text in the HTML part, never as markup.
      expect(mail!.html).toContain('&#60;b&#62;Two&#60;/b&#62;');
      expect(mail!.html).toContain('https://shop.joinery.example/images/email-logo.png');
    } finally {
      await shop.close();
    }
  });

  it('gets through once when the provider refuses the first two attempts', { timeout: 40_000 }, async () => {
    const shop = await createAppOn(shared.database, { env: mailEnv(), jobs: { pollIntervalMs: 50 } });
    try {
      const attemptsBefore = standIn.attempts();
      standIn.refuseNext(2);
      const body = contactMessage();
      await sendContactMessage(shop.app, body);
      await vi.waitFor(() => expect(receivedFor(body.name)).toHaveLength(1), { timeout: 30_000, interval: 50 });
      await shop.app.jobs.waitUntilIdle();
      expect(standIn.attempts() - attemptsBefore).toBe(3);
      expect(receivedFor(body.name)).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });

  it('is delivered once after the server that took the message stopped before sending it', async () => {
    const stopped = await createAppOn(shared.database, { env: mailEnv(), jobs: { startRunner: false } });
    const body = contactMessage();
    await sendContactMessage(stopped.app, body);
    await stopped.close();
    expect(receivedFor(body.name)).toHaveLength(0);

    const restarted = await createAppOn(shared.secondConnection, { env: mailEnv(), jobs: { pollIntervalMs: 50 } });
    try {
      await vi.waitFor(() => expect(receivedFor(body.name)).toHaveLength(1), { timeout: 10_000, interval: 25 });
      await restarted.app.jobs.waitUntilIdle();
      expect(receivedFor(body.name)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('is delivered once when two server processes share the database', { timeout: 30_000 }, async () => {
    const first = await createAppOn(shared.database, { env: mailEnv(), jobs: { pollIntervalMs: 50 } });
    const second = await createAppOn(shared.secondConnection, { env: mailEnv(), jobs: { pollIntervalMs: 50 } });
    try {
      const bodies = Array.from({ length: 10 }, contactMessage);
      for (const [index, body] of bodies.entries()) await sendContactMessage(index % 2 ? first.app : second.app, body);
      await vi.waitFor(() => expect(bodies.every((body) => receivedFor(body.name).length >= 1)).toBe(true), { timeout: 20_000, interval: 50 });
      await first.app.jobs.waitUntilIdle();
      for (const body of bodies) expect(receivedFor(body.name)).toHaveLength(1);
      // Ten messages, ten Message-IDs: a mail program collapses none of them into another.
      expect(new Set(bodies.flatMap((body) => messageIdsFor(body.name))).size).toBe(10);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is not sent when SHOP_NOTIFY_EMAIL is unset, and the message is still kept', async () => {
    const shop = await createAppOn(shared.database, { env: { ...mailEnv(), SHOP_NOTIFY_EMAIL: '' }, jobs: { pollIntervalMs: 50 } });
    try {
      const body = contactMessage();
      await sendContactMessage(shop.app, body);
      await shop.app.jobs.waitUntilIdle();
      expect(receivedFor(body.name)).toHaveLength(0);
    } finally {
      await shop.close();
    }
  });
});

describe('the Message-ID by which a mail program shows a message once', () => {
  it('is the same on every copy of one message the provider was handed twice, and another message has its own', { timeout: 30_000 }, async () => {
    const shop = await createAppOn(shared.database, { env: mailEnv(), jobs: { pollIntervalMs: 50 } });
    try {
      // The provider keeps the first attempt and the shop never hears so: the job's second run hands it over again.
      standIn.keepButFailNext(1);
      const twice = contactMessage();
      await sendContactMessage(shop.app, twice);
      await vi.waitFor(() => expect(receivedFor(twice.name)).toHaveLength(2), { timeout: 20_000, interval: 50 });
      const other = contactMessage();
      await sendContactMessage(shop.app, other);
      await vi.waitFor(() => expect(receivedFor(other.name)).toHaveLength(1), { timeout: 10_000, interval: 25 });
      await shop.app.jobs.waitUntilIdle();

      const [first, second] = messageIdsFor(twice.name);
      expect(first).toMatch(/^<[0-9a-f-]{36}@shop\.joinery\.example>$/);
      expect(second).toBe(first);
      expect(receivedFor(twice.name)).toHaveLength(2);
      const [another] = messageIdsFor(other.name);
      expect(another).toMatch(/^<[0-9a-f-]{36}@shop\.joinery\.example>$/);
      expect(another).not.toBe(first);
    } finally {
      await shop.close();
    }
  });

  it("is made from the job's id for a message queued without a key of its own, the same on every attempt", { timeout: 30_000 }, async () => {
    const shop = await createAppOn(shared.database, { env: mailEnv(), jobs: { pollIntervalMs: 50 } });
    try {
      standIn.keepButFailNext(1);
      const subject = 'Queued by an earlier build';
      const content = { subject, preview: subject, heading: subject, paragraphs: ['Sent as a job queued before messages had keys.'] };
      const jobId = await shop.app.jobs.enqueue(shared.database.db, sendEmailTask, { to: shopInbox, content });
      const copies = () => standIn.received.filter((mail) => mail.subject === subject);
      await vi.waitFor(() => expect(copies()).toHaveLength(2), { timeout: 20_000, interval: 50 });
      await shop.app.jobs.waitUntilIdle();
      expect(copies().map((mail) => mail.headers['message-id'])).toEqual([`<job-${jobId}@shop.joinery.example>`, `<job-${jobId}@shop.joinery.example>`]);
    } finally {
      await shop.close();
    }
  });
});
