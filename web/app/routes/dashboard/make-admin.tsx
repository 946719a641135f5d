import { accountContact } from '../../../../common/account-contact.ts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useUpdateUser, useUserList } from '../../../features/users/api/user-queries.ts';
import { StaffRoleChooser } from '../../../features/users/components/staff-role-chooser.tsx';
import { CustomerDataActions } from '../../../features/users/components/customer-data-actions.tsx';
import type { User } from '../../../../common/schemas/users.ts';
import { staffRoleLabels } from '../../../../common/staff-roles.ts';

const pageSize = 20;

function RoleButton({ user }: { user: User }) {
  const toast = useToast();
  const update = useUpdateUser();
  const [asking, setAsking] = useState(false);
  const admin = (
    <button type="button" className="btn btn-sm btn-disabled" aria-disabled="true" tabIndex={-1}>
      Admin
    </button>
  );
  // The specification's 'Admin' button stays on every admin's row; staff also get the owner's role chooser.
  if (user.staffRole) {
    return (
      <div className="flex flex-wrap items-center justify-end gap-2">
        {admin}
        <StaffRoleChooser user={{ ...user, staffRole: user.staffRole }} />
      </div>
    );
  }
  if (user.userRole === 'admin') return admin;
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className="btn btn-sm btn-primary whitespace-nowrap"
        aria-label={`Make ${accountContact(user.userEmail)} an admin`}
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
                toast(`${accountContact(user.userEmail)} has been made and admin`);
              },
            },
          )
        }
      >
        <p>
          {accountContact(user.userEmail)} will be an admin with the owner&rsquo;s role: products, orders, settings and other users. You can choose a narrower role, or remove it,
          on this page afterwards.
        </p>
      </ConfirmDialog>
    </div>
  );
}

export default function MakeAdminPage() {
  const [page, setPage] = useState(1);
  const users = useUserList({ limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage
      title="Make Admin"
      intro="Every account in the shop, newest first. Make Admin gives the owner’s role; each staff member’s role can then be narrowed (manager, fulfilment, support) or removed."
    >
      {users.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading users" />
      ) : users.isError ? (
        <ErrorState title="We could not load the users" error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title="No users yet" />
      ) : (
        <div className="space-y-6">
          <StackingTable caption="Users, newest first" headings={[{ label: 'User' }, { label: 'Location' }, { label: 'Role' }, { label: 'Change', className: 'text-right' }]}>
            {users.data.items.map((user) => (
              <StackingRow key={user._id}>
                <StackingCell>
                  <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{user.userName}</p>
                  <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{accountContact(user.userEmail)}</p>
                </StackingCell>
                <StackingCell heading="Location">
                  <p className="text-stone-700 [overflow-wrap:anywhere]">{user.userLocation || '—'}</p>
                </StackingCell>
                <StackingCell heading="Role">
                  <span className={`badge ${user.staffRole ? 'badge-primary' : 'badge-ghost'}`}>{user.staffRole ? staffRoleLabels[user.staffRole] : 'Customer'}</span>
                </StackingCell>
                <StackingCell action>
                  <div className="flex flex-col items-end gap-2">
                    <RoleButton user={user} />
                    <CustomerDataActions user={user} />
                  </div>
                </StackingCell>
              </StackingRow>
            ))}
          </StackingTable>
          <Pagination page={page} pageCount={Math.ceil(users.data.total / pageSize)} onPage={setPage} label="User pages" />
        </div>
      )}
    </DashboardPage>
  );
}
