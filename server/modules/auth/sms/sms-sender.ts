/** Sends a text message. The sign-in codes go out through one of these. */
export interface SmsSender {
  send(message: { to: string; body: string }): Promise<void>;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
