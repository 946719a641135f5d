import { SmsDeliveryError, type SmsSender } from './sms-sender.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** https://api.twilio.com, or a compatible gateway. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Sends through Twilio's Messages API (or any gateway with its shape). */
export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  // Appended to the base, so that a gateway mounted under a path keeps it.
  const endpoint = new URL(`${options.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`);
  const credentials = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    async send({ to, body }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: options.fromNumber, Body: body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError('The text message service could not be reached. Please try again.', { cause: error });
      }
      if (!response.ok) {
        // Twilio explains a refusal in `message` (for example, a number it cannot reach).
        const detail = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new SmsDeliveryError(detail?.message ?? `The text message service answered ${response.status}.`);
      }
    },
  };
}
