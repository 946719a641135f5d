import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, SavedAddress } from '../../../../common/schemas/addresses.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';

/** The address book's queries, in one place: each change makes the list read again. */
export const addressQueries = {
  /** The signed-in customer's saved addresses, the default first. */
  mine: () => queryOptions({ queryKey: ['addresses'] as const, queryFn: ({ signal }) => apiGet<SavedAddress[]>('/api/addresses', { signal }), staleTime: 60_000 }),
};

export function useAddressBook(enabled = true) {
  return useQuery({ ...addressQueries.mine(), enabled });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressQueries.mine().queryKey });
}

export function useSaveAddress() {
  const changed = useAfterChange();
  return useMutation({ mutationFn: (address: AddressInput) => apiPost<SavedAddress>('/api/addresses', address), onSuccess: changed });
}

export function useChangeAddress() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: ({ id, address }: { id: string; address: AddressInput }) => apiPut<SavedAddress>(`/api/addresses/${encodeURIComponent(id)}`, address),
    onSuccess: changed,
  });
}

export function useDeleteAddress() {
  const changed = useAfterChange();
  return useMutation({ mutationFn: (id: string) => apiDelete<{ deletedCount: number }>(`/api/addresses/${encodeURIComponent(id)}`), onSuccess: changed });
}
