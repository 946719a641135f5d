import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useUpdateUser, useUserList } from '../../../features/users/api/user-queries.ts';
import type { User } from '../../../../common/schemas/users.ts';

const pageSize = 20;

function RoleButton({ user }: { user: User }) {
  const toast = useToast();
  const update = useUpdateUser();
  const [asking, setAsking] = useState(false);
  if (user.userRole === 'admin') {
    return (
      <button type="button" className="btn btn-sm btn-disabled" aria-disabled="true" tabIndex={-1}>
        Admin
      </button>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className="btn btn-sm btn-primary whitespace-nowrap"
        aria-label={`Make ${user.userEmail} an admin`}
        onClick={() => {
          update.reset();
          setAsking(true);
        }}
      >
        Make Admin
      </button>
      <ConfirmDialog
        open={asking}
        title={`Make ${user.userName} an admin?`}
        confirmLabel="Make Admin"
        busy={update.isPending}
        error={update.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          update.mutate(
            { email: user.userEmail, changes: { userRole: 'admin' } },
            {
              onSuccess: () => {
                setAsking(false);
                toast(`${user.userEmail} has been made and admin`);
              },
            },
          )
        }
      >
        <p>
          {user.userEmail} will manage products, orders and other users. An admin cannot be turned back into a customer from this page.
        </p>
      </ConfirmDialog>
    </div>
  );
}

export default function MakeAdminPage() {
  const [page, setPage] = useState(1);
  const users = useUserList({ limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage title="Make Admin" intro="Every account in the shop, newest first. An admin manages products, orders and other users.">
      {users.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading users" />
      ) : users.isError ? (
        <ErrorState title="We could not load the users" error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title="No users yet" />
      ) : (
        <div className="space-y-6">
          <div className="overflow-x-auto rounded-xl border border-base-300 bg-base-100">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col" className="hidden md:table-cell">
                    Location
                  </th>
                  <th scope="col" className="text-right">
                    Role
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.items.map((user) => (
                  <tr key={user._id}>
                    <td className="min-w-0">
                      <p className="font-medium text-stone-900">{user.userName}</p>
                      <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{user.userEmail}</p>
                    </td>
                    <td className="hidden text-stone-700 md:table-cell">{user.userLocation || '—'}</td>
                    <td className="text-right">
                      <RoleButton user={user} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={Math.ceil(users.data.total / pageSize)} onPage={setPage} label="User pages" />
        </div>
      )}
    </DashboardPage>
  );
}
