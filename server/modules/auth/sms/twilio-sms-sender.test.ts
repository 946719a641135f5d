import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../clock.ts';
import { loadConfig } from '../../../config/env.ts';
import { createSmsSender } from './create-sms-sender.ts';
import { SmsDeliveryError } from './sms-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'twilio-auth-token';
const fromNumber = '+15005550006';

interface SeenRequest {
  method: string | undefined;
  path: string | undefined;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/** What the stand-in answers next: Twilio's own shapes. */
type Answer = { status: number; json?: unknown; text?: string } | 'hang';

/** A local stand-in of Twilio's Messages API that records each request and answers as told. */
const seen: SeenRequest[] = [];
let answer: Answer = { status: 201 };
const held: http.ServerResponse[] = [];
const twilio = http.createServer((request, response) => {
  let raw = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (raw += chunk));
  request.on('end', () => {
    seen.push({ method: request.method, path: request.url, headers: request.headers, form: new URLSearchParams(raw) });
    if (answer === 'hang') {
      held.push(response);
      return;
    }
    response.statusCode = answer.status;
    if (answer.json !== undefined) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer.json));
    } else {
      response.end(answer.text ?? '');
    }
  });
});
let apiUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  twilio.closeAllConnections();
  await new Promise((resolve) => twilio.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  answer = { status: 201, json: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' } };
});

const sender = (timeoutMs?: number) => createTwilioSmsSender({ accountSid, authToken, fromNumber, apiUrl, timeoutMs });

/** The error a send ends with (fails the test if it succeeds). */
async function failureOf(send: Promise<void>): Promise<unknown> {
  try {
    await send;
  } catch (error) {
    return error;
  }
  throw new Error('the send succeeded');
}

describe('the Twilio SMS sender', () => {
  it('posts To, From and Body as a form to the account’s Messages.json with Basic auth', async () => {
    const body = 'Your Joinery sign-in code is 123456. It expires in 5 minutes & stays secret: ünïcode ✓';
    await sender().send({ to: '+14155550100', body });

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ To: '+14155550100', From: fromNumber, Body: body });
  });

  it('surfaces Twilio’s explanation of a refusal as an SmsDeliveryError', async () => {
    const message = "The 'To' number +14155550100 is not a valid phone number.";
    answer = { status: 400, json: { code: 21211, message, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 } };
    const error = await failureOf(sender().send({ to: '+14155550100', body: 'code 123456' }));
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toBe(message);
  });

  it('names the status when the answer explains nothing', async () => {
    answer = { status: 503, text: '<html>Service Unavailable</html>' };
    const error = await failureOf(sender().send({ to: '+14155550100', body: 'code 123456' }));
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toBe('The text message service answered 503.');
  });

  it('refuses with an SmsDeliveryError when a wrong token is turned away (401)', async () => {
    answer = { status: 401, json: { code: 20003, message: 'Authenticate', status: 401 } };
    const error = await failureOf(sender().send({ to: '+14155550100', body: 'code 123456' }));
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toBe('Authenticate');
  });

  it('fails with an SmsDeliveryError when the service cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const unreachable = createTwilioSmsSender({ accountSid, authToken, fromNumber, apiUrl: `http://127.0.0.1:${port}` });
    const error = await failureOf(unreachable.send({ to: '+14155550100', body: 'code 123456' }));
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toBe('The text message service could not be reached. Please try again.');
  });

  it('gives up with an SmsDeliveryError when the service does not answer in time', async () => {
    answer = 'hang';
    const error = await failureOf(sender(200).send({ to: '+14155550100', body: 'code 123456' }));
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(seen).toHaveLength(1);
  });

  it('is the sender the server uses when SMS_GATEWAY is twilio', async () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        SMS_GATEWAY: 'twilio',
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_FROM_NUMBER: fromNumber,
        TWILIO_API_URL: apiUrl,
      },
      '/nonexistent',
    );
    await createSmsSender(config, {} as FastifyBaseLogger, systemClock).send({ to: '+14155550100', body: 'code 123456' });
    expect(seen.map((request) => [request.path, request.form.get('To'), request.form.get('From')])).toEqual([
      [`/2010-04-01/Accounts/${accountSid}/Messages.json`, '+14155550100', fromNumber],
    ]);
  });
});
