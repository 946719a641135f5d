import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContactMessage, NewsletterSubscriber } from '../../../../common/schemas/inbox.ts';
import type { KeysetPaginationQuery } from '../../../../common/schemas/pagination.ts';
import { apiGetPage, queryString } from '../../../lib/api-client.ts';

/** A page of the contact messages, newest first, `after` or `before` one of them (ADR 021). */
export function useContactMessages(page: Partial<KeysetPaginationQuery>) {
  return useQuery({
    queryKey: ['inbox', 'messages', page],
    queryFn: ({ signal }) => apiGetPage<ContactMessage>(`/api/contact-messages${queryString(page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the confirmed subscribers, newest first, `after` or `before` one of them (ADR 021). */
export function useNewsletterSubscribers(page: Partial<KeysetPaginationQuery>) {
  return useQuery({
    queryKey: ['inbox', 'subscribers', page],
    queryFn: ({ signal }) => apiGetPage<NewsletterSubscriber>(`/api/newsletter-subscribers${queryString(page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export, fetched by the browser itself (a download link carries the session cookie). */
export const subscribersCsvUrl = '/api/newsletter-subscribers.csv';
