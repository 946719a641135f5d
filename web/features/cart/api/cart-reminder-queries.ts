import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CartRemindersStopped, GuestCartInput, RestoredCart } from '../../../../common/schemas/cart-reminders.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

const all = ['cart-reminders'] as const;

/** Carts that come back (ADR 045): a reminder's restore link, read as the page opens (it changes nothing). */
export const cartReminderQueries = {
  all,
  restore: (token: string) =>
    queryOptions({
      queryKey: [...all, 'restore', token] as const,
      queryFn: ({ signal }) => apiGet<RestoredCart>(`/api/cart-reminders/restore?token=${encodeURIComponent(token)}`, { signal }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    }),
};

export function useRestoredCart(token: string) {
  return useQuery({ ...cartReminderQueries.restore(token), enabled: token !== '' });
}

/** A guest who ticked "E-mail me my cart" at checkout: the browser's cart is kept with their address. */
export function useKeepGuestCart() {
  return useMutation({ mutationFn: (cart: GuestCartInput) => apiPost<{ email: string }>('/api/guest-carts', cart) });
}

/** The stop page's one button: the same call as a mail program's one-click unsubscribe. */
export function useStopCartReminders() {
  return useMutation({
    mutationFn: (token: string) => apiPost<CartRemindersStopped>(`/api/cart-reminders/unsubscribe?token=${encodeURIComponent(token)}`, {}),
  });
}
