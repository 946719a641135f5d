import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

function headersOf(mail: ParsedMail): Record<string, string> {
  return Object.fromEntries(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]));
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** The stand-in's self-signed certificate: the shop trusts it through SMTP_CA_FILE, as it would a private relay's. */
export const smtpStandInCaFile = path.join(fixtures, 'smtp-stand-in.crt');

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header as sent, by its lower-case name. */
  headers: Record<string, string>;
  /** Whether the connection was encrypted when the message was handed over. */
  secure: boolean;
  /** The files it carried. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpStandIn {
  /** For SMTP_URL: plain SMTP that offers STARTTLS, with a login. */
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused with a temporary failure (451), as a busy provider does. */
  refuseNext(count: number): void;
  /**
   * The next `count` messages are kept (in `received`) but answered with a temporary failure (451): the
   * provider has them and the sender does not know it, as when a process is killed between handing a
   * message over and recording it sent. The sender tries again.
   */
  keepButFailNext(count: number): void;
  /** How many deliveries were attempted, refused ones included. */
  attempts(): number;
  /** Mail to this address is refused for good (550, no such mailbox), as a provider does for an unknown one. */
  refuseRecipient(address: string): void;
  /**
   * From now on, messages are taken in but never answered, as a server that hangs: the sender waits,
   * and nothing is received. For a test that kills the sending process with messages in flight.
   */
  hold(): void;
  /** Ends a hold: the messages held are answered with a temporary failure (451), and later ones received. */
  release(): void;
  close(): Promise<void>;
}

/** A local SMTP server standing in for the shop's mail provider: TLS, a login, and messages kept for the test to read. */
export async function startSmtpStandIn({ offerTls = true }: { offerTls?: boolean } = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let toRefuse = 0;
  let toKeepButFail = 0;
  let attempts = 0;
  const refusedRecipients = new Set<string>();
  let holding = false;
  const held: Array<(error: Error) => void> = [];
  const server = new SMTPServer({
    key: fs.readFileSync(path.join(fixtures, 'smtp-stand-in.key')),
    cert: fs.readFileSync(smtpStandInCaFile),
    authOptional: false,
    // Without STARTTLS the stand-in is a relay the shop must refuse to send through.
    disabledCommands: offerTls ? [] : ['STARTTLS'],
    allowInsecureAuth: !offerTls,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'relay-password') callback(null, { user: 'shop' });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refusedRecipients.has(address.address.toLowerCase())) callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      attempts += 1;
      simpleParser(stream).then(
        (mail) => {
          if (holding) {
            held.push(callback);
            return;
          }
          if (toRefuse > 0) {
            toRefuse -= 1;
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: headersOf(mail),
            secure: session.secure,
            attachments: mail.attachments.map((attachment) => ({ filename: attachment.filename ?? '', contentType: attachment.contentType, content: attachment.content })),
          });
          if (toKeepButFail > 0) {
            toKeepButFail -= 1;
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A sender that goes away mid-conversation (a killed process resets its connection) is no failure of the stand-in's.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://shop:relay-password@localhost:${port}`,
    received,
    refuseNext(count) {
      toRefuse = count;
    },
    keepButFailNext(count) {
      toKeepButFail = count;
    },
    attempts: () => attempts,
    refuseRecipient(address) {
      refusedRecipients.add(address.toLowerCase());
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
