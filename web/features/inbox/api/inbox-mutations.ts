import { useMutation } from '@tanstack/react-query';
import type { ContactMessage, ContactMessageInput } from '../../../../common/schemas/inbox.ts';
import { apiPost } from '../../../lib/api-client.ts';

export function useSubscribeToNewsletter() {
  return useMutation({
    mutationFn: (email: string) => apiPost<{ email: string }>('/api/newsletter', { email }),
  });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessageInput) => apiPost<ContactMessage>('/api/contact-messages', message),
  });
}
