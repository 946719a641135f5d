import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { RoleChoice } from '../../../../common/schemas/staff-roles.ts';
import type { User, UserUpdate } from '../../../../common/schemas/users.ts';
import { apiGet, apiGetPage, apiPut, queryString } from '../../../lib/api-client.ts';
import { authQueries } from '../../auth/api/session-queries.ts';

const userPath = (email: string) => `/api/users/${encodeURIComponent(email)}`;
const all = ['users'] as const;

/** The users' queries, in one place. */
export const userQueries = {
  all,
  list: (page: Partial<PaginationQuery>) =>
    queryOptions({ queryKey: [...all, 'list', page] as const, queryFn: ({ signal }) => apiGetPage<User>(`/api/users${queryString(page)}`, { signal }) }),
  one: (email: string) => queryOptions({ queryKey: [...all, 'one', email.toLowerCase()] as const, queryFn: ({ signal }) => apiGet<User>(userPath(email), { signal }) }),
};

export function useUser(email: string) {
  return useQuery({ ...userQueries.one(email), enabled: Boolean(email) });
}

export function useUserList(page: Partial<PaginationQuery>) {
  return useQuery({ ...userQueries.list(page), placeholderData: keepPreviousData });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, changes }: { email: string; changes: UserUpdate }) => apiPut<User>(userPath(email), changes),
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueries.one(user.userEmail).queryKey, user);
      // The header and menu show the name; the user list shows roles.
      await Promise.all([queryClient.invalidateQueries({ queryKey: userQueries.all }), queryClient.invalidateQueries({ queryKey: authQueries.session().queryKey })]);
    },
  });
}

/** An owner gives a staff role, or takes it away (`customer`): `PUT /users/{email}/role`. */
export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: RoleChoice }) => apiPut<User>(`${userPath(email)}/role`, { role }),
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueries.one(user.userEmail).queryKey, user);
      // The list shows each role; the owner's own menu changes if they changed their own.
      await Promise.all([queryClient.invalidateQueries({ queryKey: userQueries.all }), queryClient.invalidateQueries({ queryKey: authQueries.session().queryKey })]);
    },
  });
}
