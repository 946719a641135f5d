import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnStatus } from '../../../../common/returns.ts';
import type { OrderReturn, ReturnDecisionInput, ReturnRequestInput, ReturnSettings } from '../../../../common/schemas/returns.ts';
import { apiGet, apiGetPage, apiPatch, apiPost, apiPut, queryString } from '../../../lib/api-client.ts';
import { orderQueries } from '../../orders/api/order-queries.ts';
import { productQueries } from '../../products/api/product-queries.ts';

const all = ['returns'] as const;

/** Returns and exchanges (ADR 040): the queries, in one place. */
export const returnQueries = {
  all,
  list: (query: { status: ReturnStatus; limit: number; offset: number }) =>
    queryOptions({ queryKey: [...all, 'list', query] as const, queryFn: ({ signal }) => apiGetPage<OrderReturn>(`/api/returns${queryString(query)}`, { signal }) }),
  settings: () => queryOptions({ queryKey: [...all, 'settings'] as const, queryFn: ({ signal }) => apiGet<ReturnSettings>('/api/return-settings', { signal }) }),
};

/** A return changes its order's page, the admin's list and (received) stock and orders: all are read again. */
function useInvalidateReturns() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: returnQueries.all }),
      queryClient.invalidateQueries({ queryKey: orderQueries.all }),
      queryClient.invalidateQueries({ queryKey: productQueries.all }),
    ]);
}

/** The customer asks to send back pieces of their delivered order. */
export function useRequestReturn(orderId: string) {
  const invalidate = useInvalidateReturns();
  return useMutation({
    mutationFn: (request: ReturnRequestInput) => apiPost<OrderReturn>(`/api/orders/${encodeURIComponent(orderId)}/returns`, request),
    onSuccess: invalidate,
  });
}

/** The admin approves, refuses or receives a return. */
export function useDecideReturn() {
  const invalidate = useInvalidateReturns();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReturnDecisionInput }) => apiPatch<OrderReturn>(`/api/returns/${encodeURIComponent(id)}`, decision),
    onSuccess: invalidate,
  });
}

/** The admin's list of returns at a status, a page at a time. */
export function useReturnList(query: { status: ReturnStatus; limit: number; offset: number }) {
  return useQuery({ ...returnQueries.list(query), placeholderData: keepPreviousData });
}

export function useReturnSettings() {
  return useQuery(returnQueries.settings());
}

export function useSaveReturnSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReturnSettings) => apiPut<ReturnSettings>('/api/return-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(returnQueries.settings().queryKey, saved),
  });
}
