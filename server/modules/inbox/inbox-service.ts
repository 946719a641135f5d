import type { ContactMessage, ContactMessageInput } from '../../../common/schemas/inbox.ts';
import type { InboxRepository } from './inbox-repository.ts';

export function createInboxService(inbox: InboxRepository, clock: () => Date = () => new Date()) {
  return {
    /** Subscribing twice is not an error: the address is on the list once, and the person is told so. */
    async subscribe(email: string): Promise<{ email: string; alreadySubscribed: boolean }> {
      const normalised = email.trim().toLowerCase();
      const added = await inbox.addSubscriber(normalised, clock());
      return { email: normalised, alreadySubscribed: !added };
    },

    async sendContactMessage(input: Required<ContactMessageInput>): Promise<ContactMessage> {
      const row = await inbox.addContactMessage({ ...input, created_at: clock().toISOString() });
      return { _id: row.id, email: row.email, name: row.name, phone: row.phone, requirement: row.requirement, createdAt: row.created_at };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
