import { expect, vi } from 'vitest';
import { testOrigin } from './accounts.ts';
import { type ReceivedMail, type SmtpStandIn, smtpStandInCaFile } from './smtp-stand-in.ts';

/**
 * A shop that mails through the SMTP stand-in, at the address the test accounts sign in from, so
 * that the links in its messages lead back to it.
 */
export function mailingShopEnv(standIn: SmtpStandIn): NodeJS.ProcessEnv {
  return { SMTP_URL: standIn.url, SMTP_CA_FILE: smtpStandInCaFile, MAIL_FROM: 'Joinery Tool Works <shop@joinery.example>', PUBLIC_URL: testOrigin };
}

/** Every message the stand-in received for `to` with exactly this subject, oldest first. */
export function mailsTo(standIn: SmtpStandIn, to: string, subject: string): ReceivedMail[] {
  return standIn.received.filter((mail) => mail.to.includes(to.toLowerCase()) && mail.subject === subject);
}

/** Waits until `count` such messages have arrived, and answers the last of them. */
export async function waitForMail(standIn: SmtpStandIn, to: string, subject: string, count = 1): Promise<ReceivedMail> {
  await vi.waitFor(() => expect(mailsTo(standIn, to, subject)).toHaveLength(count), { timeout: 10_000, interval: 25 });
  return mailsTo(standIn, to, subject)[count - 1]!;
}

/** The token of the message's link to one of the shop's pages, read from its plain text as a person would click it. */
export function tokenOfLink(mail: ReceivedMail, page: '/resetPassword' | '/verifyEmail'): string {
  const link = mail.text.match(new RegExp(`${testOrigin}${page}\\?token=\\S+`))?.[0];
  expect(link, `a link to ${page} in "${mail.subject}"`).toBeDefined();
  const token = new URL(link!).searchParams.get('token');
  expect(token).toBeTruthy();
  // The HTML part carries the same link.
  expect(mail.html).toContain(`${page}?token=${encodeURIComponent(token!)}`);
  return token!;
}
