import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AccountSession } from '../../../../common/schemas/account-sessions.ts';
import type { SignInOptions, Viewer } from '../../../../common/schemas/users.ts';
import { hasRight, type StaffRight } from '../../../../common/staff-roles.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { authApi } from './auth-api.ts';

/** The queries of signing in, in one place. */
export const authQueries = {
  /** Who is signed in on this browser (null when no one is). */
  session: () => queryOptions({ queryKey: ['session'] as const, queryFn: async () => (await apiGet<{ user: Viewer | null }>('/api/session')).user, staleTime: 60_000 }),
  /** The ways to sign in that are set up: the same for every visitor. */
  signInOptions: () => queryOptions({ queryKey: ['sign-in-options'] as const, queryFn: () => apiGet<SignInOptions>('/api/sign-in-options'), staleTime: Infinity }),
  /** Where the signed-in account is signed in, this device among them. */
  accountSessions: () => queryOptions({ queryKey: ['account-sessions'] as const, queryFn: () => apiGet<AccountSession[]>('/api/sessions') }),
  /** The confirmation link's token, confirmed once; `then` runs before it counts as done. */
  emailConfirmation: (token: string, then: () => Promise<unknown>) =>
    queryOptions({
      queryKey: ['email-confirmation', token] as const,
      queryFn: async () => {
        await authApi.confirmEmail(token);
        await then();
        return true;
      },
      retry: false,
      staleTime: Infinity,
    }),
};

export function useSession() {
  return useQuery(authQueries.session());
}

/** Whether the signed-in person's staff role holds `right`: what a page shows them (ADR 042; the server refuses the rest). */
export function useStaffRight(right: StaffRight): boolean {
  return hasRight(useSession().data?.staffRole, right);
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
  return () => queryClient.invalidateQueries({ queryKey: authQueries.session().queryKey });
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
  return useQuery(authQueries.signInOptions());
}
