import { queryOptions } from '@tanstack/react-query';
import type { ContactMessage, NewsletterAddress, NewsletterSubscriber } from '../../../../common/schemas/inbox.ts';
import type { KeysetPaginationQuery } from '../../../../common/schemas/pagination.ts';
import { apiGetPage, apiPost, queryString } from '../../../lib/api-client.ts';

/** The inbox's queries, in one place: the admin's lists, and a visitor's newsletter confirmation. */
export const inboxQueries = {
  messages: (page: Partial<KeysetPaginationQuery>) =>
    queryOptions({
      queryKey: ['inbox', 'messages', page] as const,
      queryFn: ({ signal }) => apiGetPage<ContactMessage>(`/api/contact-messages${queryString(page)}`, { signal }),
    }),
  subscribers: (page: Partial<KeysetPaginationQuery>) =>
    queryOptions({
      queryKey: ['inbox', 'subscribers', page] as const,
      queryFn: ({ signal }) => apiGetPage<NewsletterSubscriber>(`/api/newsletter-subscribers${queryString(page)}`, { signal }),
    }),
  /** Confirming twice changes nothing, so it is asked like a query: once per token, kept while the page is open. */
  newsletterConfirmation: (token: string) =>
    queryOptions({
      queryKey: ['newsletter', 'confirm', token] as const,
      queryFn: () => apiPost<NewsletterAddress>('/api/newsletter/confirm', { token }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};
