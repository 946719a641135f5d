/** One e-mail, ready to send: both parts already rendered. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
  /** Files sent with it (a receipt's invoice). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The Message-ID header, the same on every attempt at a queued message (ADR 057). Without it the
   * sender makes a fresh, unique one.
   */
  messageId?: string;
}

/** Sends an e-mail, or throws so that the job delivering it tries again later. */
export interface EmailSender {
  send(message: OutgoingEmail): Promise<void>;
  /** Closes any connection the sender keeps open. */
  close(): Promise<void>;
}
