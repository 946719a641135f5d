import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewsletterAddress } from '../../../../common/schemas/inbox.ts';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * The confirmation link's page confirms as it opens. Confirming twice changes nothing, so it is
 * asked like a query: once per token, and kept while the page is open.
 */
export function useNewsletterConfirmation(token: string) {
  return useQuery({
    queryKey: ['newsletter', 'confirm', token],
    queryFn: () => apiPost<NewsletterAddress>('/api/newsletter/confirm', { token }),
    enabled: token !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The unsubscribe page's one button: the same call as a mail program's one-click unsubscribe. */
export function useUnsubscribeFromNewsletter() {
  return useMutation({
    mutationFn: (token: string) => apiPost<NewsletterAddress>(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {}),
  });
}
