import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '../../../../common/schemas/account-sessions.ts';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client.ts';

const accountSessionsKey = ['account-sessions'] as const;

/** Where the signed-in account is signed in, this device among them. */
export function useAccountSessions() {
  return useQuery({ queryKey: accountSessionsKey, queryFn: () => apiGet<AccountSession[]>('/api/sessions') });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ended: number }>(`/api/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ ended: number }>('/api/sessions/end-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
