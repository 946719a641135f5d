import { testOrigin } from './accounts.ts';
import type { ReceivedMail, SmtpStandIn } from './smtp-stand-in.ts';
import { smtpStandInCaFile } from './smtp-stand-in.ts';

/** Where the shop's own notices go in the mail tests (SHOP_NOTIFY_EMAIL). */
export const shopInbox = 'workshop@joinery.example';

/**
 * The shop's address in the mail tests (PUBLIC_URL): every link in a message starts with it. The
 * test accounts sign in from it, as sign-in calls from any other origin are refused.
 */
export const shopPublicUrl = testOrigin;

/** The settings of a shop that sends its mail through the SMTP stand-in. */
export function shopMailEnv(standIn: SmtpStandIn): NodeJS.ProcessEnv {
  return {
    SMTP_URL: standIn.url,
    SMTP_CA_FILE: smtpStandInCaFile,
    MAIL_FROM: 'Joinery Tool Works <shop@joinery.example>',
    SHOP_NOTIFY_EMAIL: shopInbox,
    PUBLIC_URL: shopPublicUrl,
  };
}

/** Every message the stand-in received with exactly this subject. */
export function mailsWithSubject(standIn: SmtpStandIn, subject: string): ReceivedMail[] {
  return standIn.received.filter((mail) => mail.subject === subject);
}
