import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { StockAlertInput, StockAlertLinkResult, StockAlertResult, WaitingDemand } from '../../../../common/schemas/stock-alerts.ts';
import { apiGetPage, apiPost, queryString } from '../../../lib/api-client.ts';

const all = ['stock-alerts'] as const;

/** The stock alerts' queries, in one place: a confirmation link's, and the admin's demand. */
export const stockAlertQueries = {
  all,
  /** Confirming twice changes nothing, so it is asked like a query: once per token, kept while the page is open. */
  confirmation: (token: string) =>
    queryOptions({
      queryKey: [...all, 'confirm', token] as const,
      queryFn: () => apiPost<StockAlertLinkResult>('/api/stock-alerts/confirm', { token }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    }),
  waiting: (page: Partial<PaginationQuery>) =>
    queryOptions({
      queryKey: [...all, 'waiting', page] as const,
      queryFn: ({ signal }) => apiGetPage<WaitingDemand>(`/api/stock-alerts/waiting${queryString(page)}`, { signal }),
    }),
};

/** Notify me: who to tell when a sold-out product or variant is back. */
export function useRequestStockAlert() {
  return useMutation({ mutationFn: (alert: StockAlertInput) => apiPost<StockAlertResult>('/api/stock-alerts', alert) });
}

/** The confirmation link's page confirms as it opens. */
export function useStockAlertConfirmation(token: string) {
  return useQuery({ ...stockAlertQueries.confirmation(token), enabled: token !== '' });
}

/** The unsubscribe page's one button: the same call as a mail program's one-click unsubscribe. */
export function useUnsubscribeStockAlert() {
  return useMutation({
    mutationFn: (token: string) => apiPost<StockAlertLinkResult>(`/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`, {}),
  });
}

/** How many wait for each product and variant (admins). */
export function useWaitingDemand(page: Partial<PaginationQuery>) {
  return useQuery({ ...stockAlertQueries.waiting(page), placeholderData: keepPreviousData });
}
