import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type SmtpStandIn, smtpStandInCaFile, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { OutgoingEmail } from './email-sender.ts';
import { createOutboxEmailSender, outboxIndexName, type OutboxEntry } from './outbox-email-sender.ts';
import { createSmtpEmailSender } from './smtp-email-sender.ts';

const message: OutgoingEmail = {
  to: 'carol@example.com',
  subject: 'Your Joinery order is on its way',
  text: 'Hello Carol, your tools have left the workshop.',
  html: '<p>Hello Carol, your tools have left the <b>workshop</b>.</p>',
  headers: { 'List-Unsubscribe': '<https://shop.example/unsubscribe?t=1>' },
};
const from = 'Joinery Tool Works <shop@joinery.example>';
const ca = fs.readFileSync(smtpStandInCaFile, 'utf8');

let standIn: SmtpStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('sending through an SMTP server', () => {
  it('delivers both parts to the recipient over an encrypted connection', async () => {
    standIn = await startSmtpStandIn();
    const sender = createSmtpEmailSender({ url: standIn.url, from, ca });
    await sender.send(message);
    await sender.close();

    expect(standIn.received).toHaveLength(1);
    const [mail] = standIn.received;
    expect(mail).toMatchObject({ from: 'shop@joinery.example', to: ['carol@example.com'], subject: message.subject, secure: true });
    expect(mail!.text.trim()).toBe(message.text);
    expect(mail!.html).toContain('<b>workshop</b>');
    expect(mail!.headers['list-unsubscribe']).toBe('<https://shop.example/unsubscribe?t=1>');
  });

  it("sends the Message-ID it is given, and makes a unique one for a message sent without (a campaign's, sent at once)", async () => {
    standIn = await startSmtpStandIn();
    const sender = createSmtpEmailSender({ url: standIn.url, from, ca });
    await sender.send({ ...message, messageId: '<3b0c0b52-5d0e-4d5e-9a53-2a4f3b9e1c7d@shop.example>' });
    await sender.send(message);
    await sender.send(message);
    await sender.close();

    const ids = standIn.received.map((mail) => mail.headers['message-id']);
    expect(ids[0]).toBe('<3b0c0b52-5d0e-4d5e-9a53-2a4f3b9e1c7d@shop.example>');
    expect(ids[1]).toMatch(/^<[^<>@\s]+@joinery\.example>$/);
    expect(ids[2]).toMatch(/^<[^<>@\s]+@joinery\.example>$/);
    expect(ids[2]).not.toBe(ids[1]);
  });

  it('refuses to send through a server that offers no encryption', async () => {
    standIn = await startSmtpStandIn({ offerTls: false });
    const sender = createSmtpEmailSender({ url: standIn.url, from, ca });
    await expect(sender.send(message)).rejects.toThrow();
    await sender.close();
    expect(standIn.received).toHaveLength(0);
  });

  it('refuses a server whose certificate it cannot trust', async () => {
    standIn = await startSmtpStandIn();
    const sender = createSmtpEmailSender({ url: standIn.url, from, ca: undefined });
    await expect(sender.send(message)).rejects.toThrow(/certificate/i);
    await sender.close();
    expect(standIn.received).toHaveLength(0);
  });

  it('reports a temporary refusal as a failure, so that the delivery is tried again', async () => {
    standIn = await startSmtpStandIn();
    standIn.refuseNext(1);
    const sender = createSmtpEmailSender({ url: standIn.url, from, ca });
    await expect(sender.send(message)).rejects.toThrow(/451|later/i);
    await sender.send(message);
    await sender.close();
    expect(standIn.received).toHaveLength(1);
  });
});

describe('the outbox, where mail goes without an SMTP server', () => {
  it('writes each message as an .eml file and a line of the index, and names it in the log without its body', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-outbox-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const sender = createOutboxEmailSender({ log, outboxDir, from, now: () => new Date('2026-11-23T10:00:00Z') });
    await sender.send(message);

    const index = fs
      .readFileSync(path.join(outboxDir, outboxIndexName), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as OutboxEntry);
    expect(index).toHaveLength(1);
    expect(index[0]).toMatchObject({ to: message.to, subject: message.subject, text: message.text, sentAt: '2026-11-23T10:00:00.000Z' });
    const eml = fs.readFileSync(path.join(outboxDir, index[0]!.file), 'utf8');
    expect(eml).toContain('To: carol@example.com');
    expect(eml).toContain('From: Joinery Tool Works <shop@joinery.example>');
    expect(eml).toContain('List-Unsubscribe: <https://shop.example/unsubscribe?t=1>');
    expect(eml).toContain('Content-Type: text/html');

    expect(lines.join('')).toContain(message.subject);
    expect(lines.join('')).not.toContain('workshop');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
});
