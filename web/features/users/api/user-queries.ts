import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { User, UserUpdate } from '../../../../common/schemas/users.ts';
import { apiGet, apiGetPage, apiPut, queryString } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../auth/api/session-queries.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (page: Partial<PaginationQuery>) => ['users', 'list', page] as const,
  one: (email: string) => ['users', 'one', email.toLowerCase()] as const,
};

const userPath = (email: string) => `/api/users/${encodeURIComponent(email)}`;

export function useUser(email: string) {
  return useQuery({ queryKey: userKeys.one(email), queryFn: ({ signal }) => apiGet<User>(userPath(email), { signal }), enabled: Boolean(email) });
}

export function useUserList(page: Partial<PaginationQuery>) {
  return useQuery({
    queryKey: userKeys.list(page),
    queryFn: ({ signal }) => apiGetPage<User>(`/api/users${queryString(page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, changes }: { email: string; changes: UserUpdate }) => apiPut<User>(userPath(email), changes),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.one(user.userEmail), user);
      // The header and menu show the name; the user list shows roles.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}
