import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SignInOptions, Viewer } from '../../../../common/schemas/users.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { authApi } from './auth-api.ts';

export const sessionQueryKey = ['session'] as const;

/** Who is signed in on this browser (null when no one is). */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => (await apiGet<{ user: Viewer | null }>('/api/session')).user,
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * After signing in or out every page must see the new person and none of the last one's data:
 * all cached answers are dropped, and those on screen (the session in the header) fetched again.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries();
}

/** After a change to the signed-in account (its name, two-factor), the header and menu read it again. */
export function useReloadSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** Logging out leaves for the home page first, so that a guarded page does not send the person to /login. */
export function useSignOut() {
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: authApi.signOut,
    onSuccess: async () => {
      await navigate('/');
      await refresh();
    },
  });
}

export function useSignInOptions() {
  return useQuery({
    queryKey: ['sign-in-options'],
    queryFn: () => apiGet<SignInOptions>('/api/sign-in-options'),
    staleTime: Infinity,
  });
}
