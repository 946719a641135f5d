import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KeysetPaginationQuery } from '../../../../common/schemas/pagination.ts';
import { inboxQueries } from './inbox-queries.ts';

/** A page of the contact messages, newest first, `after` or `before` one of them (ADR 021). */
export function useContactMessages(page: Partial<KeysetPaginationQuery>) {
  return useQuery({ ...inboxQueries.messages(page), placeholderData: keepPreviousData });
}

/** A page of the confirmed subscribers, newest first, `after` or `before` one of them (ADR 021). */
export function useNewsletterSubscribers(page: Partial<KeysetPaginationQuery>) {
  return useQuery({ ...inboxQueries.subscribers(page), placeholderData: keepPreviousData });
}

/** The CSV export, fetched by the browser itself (a download link carries the session cookie). */
export const subscribersCsvUrl = '/api/newsletter-subscribers.csv';
