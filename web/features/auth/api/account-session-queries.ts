import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../../lib/api-client.ts';
import { authQueries } from './session-queries.ts';

const accountSessionsKey = authQueries.accountSessions().queryKey;

/** Where the signed-in account is signed in, this device among them. */
export function useAccountSessions() {
  return useQuery(authQueries.accountSessions());
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
