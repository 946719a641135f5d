import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewsletterAddress } from '../../../../common/schemas/inbox.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { inboxQueries } from './inbox-queries.ts';

/** The confirmation link's page confirms as it opens. */
export function useNewsletterConfirmation(token: string) {
  return useQuery({ ...inboxQueries.newsletterConfirmation(token), enabled: token !== '' });
}

/** The unsubscribe page's one button: the same call as a mail program's one-click unsubscribe. */
export function useUnsubscribeFromNewsletter() {
  return useMutation({
    mutationFn: (token: string) => apiPost<NewsletterAddress>(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {}),
  });
}
