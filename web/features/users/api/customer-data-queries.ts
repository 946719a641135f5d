import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountErased } from '../../../../common/schemas/customer-data.ts';
import { apiDelete, downloadFile } from '../../../lib/api-client.ts';
import { now } from '../../../lib/clock.ts';
import { userQueries } from './user-queries.ts';

/** The file's name as the browser saves it (the server names it the same in its Content-Disposition). */
const fileName = () => `joinery-my-data-${now().toISOString().slice(0, 10)}.json`;
const usersPath = (email: string) => `/api/users/${encodeURIComponent(email)}`;

/** "Download my data": the signed-in person's file (ADR 046). */
export function useDownloadMyData() {
  return useMutation({ mutationFn: () => downloadFile('/api/account/export', fileName()) });
}

/** "Delete my account": the caller decides where to go once it is done (the session has ended with it). */
export function useDeleteMyAccount() {
  return useMutation({ mutationFn: () => apiDelete<AccountErased>('/api/account?confirm=yes') });
}

/** Staff: a customer's file, at their request (recorded in the audit trail). */
export function useDownloadCustomerData() {
  return useMutation({ mutationFn: (email: string) => downloadFile(`${usersPath(email)}/export`, `joinery-customer-data-${now().toISOString().slice(0, 10)}.json`) });
}

/** Staff: a customer's account erased, at their request (recorded in the audit trail); the users' list reloads. */
export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiDelete<AccountErased>(`${usersPath(email)}/account?confirm=yes`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all }),
  });
}
