import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testOrigin } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SmsSender } from './sms/sms-sender.ts';

const siteKey = '1x00000000000000000000AA';
const secretKey = '1x0000000000000000000000000000000AA';
const goodToken = 'good-token';

/** A local stand-in of Cloudflare Turnstile's siteverify: it approves only the good token, for our secret. */
const verifications: Record<string, unknown>[] = [];
const turnstile = http.createServer((request, response) => {
  let raw = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (raw += chunk));
  request.on('end', () => {
    const type = request.headers['content-type'] ?? '';
    const body: Record<string, unknown> = type.includes('json') ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
    verifications.push(body);
    const success = body.secret === secretKey && body.response === goodToken;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        success
          ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost', 'error-codes': [], action: '', cdata: '' }
          : { success: false, 'error-codes': [body.secret === secretKey ? 'invalid-input-response' : 'invalid-input-secret'] },
      ),
    );
  });
});

const sent: { to: string; body: string }[] = [];
const sender: SmsSender = {
  async send(message) {
    sent.push(message);
  },
};

let shop: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => turnstile.listen(0, '127.0.0.1', resolve));
  const { port } = turnstile.address() as AddressInfo;
  shop = await createTestApp({
    seed: false,
    sms: sender,
    env: {
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: siteKey,
      CAPTCHA_SECRET_KEY: secretKey,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    },
  });
});
afterAll(async () => {
  await shop?.close();
  turnstile.closeAllConnections();
  await new Promise((resolve) => turnstile.close(resolve));
});
beforeEach(() => {
  verifications.length = 0;
  sent.length = 0;
});

let nextNumber = 2000;
const newNumber = () => `+1415555${nextNumber++}`;
let nextClient = 1;
const newClient = () => `10.4.0.${nextClient++}`;

const sendCode = (phoneNumber: string, client: string, captchaToken?: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    headers: { origin: testOrigin, ...(captchaToken === undefined ? {} : { 'x-captcha-response': captchaToken }) },
    payload: { phoneNumber },
    remoteAddress: client,
  });

describe('the bot check on sending a phone code', () => {
  it('tells the page which bot check to show', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/sign-in-options' });
    expect(res.json()).toMatchObject({ captcha: { provider: 'turnstile', siteKey } });
    expect(res.body).not.toContain(secretKey);
  });

  it('refuses a send without a bot-check token, and sends nothing', async () => {
    const res = await sendCode(newNumber(), newClient());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Missing CAPTCHA response' });
    expect(sent).toEqual([]);
    expect(verifications).toEqual([]);
  });

  it('refuses a token the provider rejects, and sends nothing', async () => {
    const client = newClient();
    const res = await sendCode(newNumber(), client, 'bad-token');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Captcha verification failed' });
    expect(sent).toEqual([]);
    expect(verifications).toEqual([expect.objectContaining({ secret: secretKey, response: 'bad-token' })]);
  });

  it('sends the code when the provider approves the token, telling it the client’s address', async () => {
    const client = newClient();
    const phone = newNumber();
    const res = await sendCode(phone, client, goodToken);
    expect(res.statusCode).toBe(200);
    expect(sent.map((message) => message.to)).toEqual([phone]);
    expect(sent[0]?.body).toMatch(/\b\d{6}\b/);
    expect(verifications).toEqual([{ secret: secretKey, response: goodToken, remoteip: client }]);
  });

  it('does not count refused attempts against the number’s limit of codes', async () => {
    const phone = newNumber();
    for (let i = 0; i < 6; i += 1) expect((await sendCode(phone, newClient(), 'bad-token')).statusCode).toBe(403);
    expect((await sendCode(phone, newClient(), goodToken)).statusCode).toBe(200);
    expect(sent.map((message) => message.to)).toEqual([phone]);
  });

  it('leaves the code check itself alone: verifying needs no bot-check token', async () => {
    const client = newClient();
    const phone = newNumber();
    await sendCode(phone, client, goodToken);
    const code = sent[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      headers: { origin: testOrigin },
      payload: { phoneNumber: phone, code },
      remoteAddress: client,
    });
    expect(res.statusCode).toBe(200);
  });
});
