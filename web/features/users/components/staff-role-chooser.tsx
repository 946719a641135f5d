import { useState } from 'react';
import { accountContact } from '../../../../common/account-contact.ts';
import { type RoleChange, roleChangeSchema } from '../../../../common/schemas/staff-roles.ts';
import type { User } from '../../../../common/schemas/users.ts';
import { type StaffRole, staffRoleLabels, staffRoles } from '../../../../common/staff-roles.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSetStaffRole } from '../api/user-queries.ts';

/** What each role may do, as the confirmation says it (common/staff-roles.ts holds the rights themselves). */
const roleSummaries: Record<StaffRole, string> = {
  owner: 'everything, settings and staff roles included',
  manager: 'everything but the settings and staff roles',
  fulfilment: 'read and change orders, and ship them',
  support: 'read orders and customers, answer messages, and refund up to the support limit',
};

const labelOf = (choice: RoleChange['role']) => (choice === 'customer' ? 'Customer' : staffRoleLabels[choice]);

function consequence(user: User, role: RoleChange['role']): string {
  const who = accountContact(user.userEmail);
  if (role === 'customer') return `${who} will no longer be an admin: from their next click they see only their own profile, orders and reviews.`;
  return `${who} will be able to do ${roleSummaries[role]}. It counts from their next click; nobody is signed out.`;
}

/**
 * The owner's role chooser for one staff member: a role, or Remove (a customer again), confirmed
 * before it is sent. A refusal (the shop's last owner, say) is shown in the dialog, and the choice
 * stays as it was chosen.
 */
export function StaffRoleChooser({ user }: { user: User & { staffRole: StaffRole } }) {
  const toast = useToast();
  const change = useSetStaffRole();
  const [asking, setAsking] = useState<RoleChange['role'] | null>(null);
  const form = useSchemaForm(roleChangeSchema, { defaultValues: { role: user.staffRole } });
  const chosen = form.watch('role');
  const submit = form.handleSubmit(({ role }) => {
    change.reset();
    setAsking(role);
  });

  return (
    <form noValidate aria-label={`Role of ${accountContact(user.userEmail)}`} className="flex items-end justify-end gap-2" onSubmit={submit}>
      <SelectField label="Role" className="w-40" defaultValue={user.staffRole} {...form.field('role')}>
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {staffRoleLabels[role]}
          </option>
        ))}
        <option value="customer">Remove (customer)</option>
      </SelectField>
      <button type="submit" className="btn btn-sm btn-outline mb-1" disabled={chosen === user.staffRole}>
        Change
      </button>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'customer' ? `Remove ${user.userName} from the staff?` : `Give ${user.userName} the ${asking ? labelOf(asking) : ''} role?`}
        confirmLabel={asking === 'customer' ? 'Remove' : 'Change role'}
        tone={asking === 'customer' ? 'danger' : 'primary'}
        busy={change.isPending}
        error={change.error?.message}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          // The promise, not mutate's own onSuccess: a removed person's row swaps this chooser for Make
          // Admin as the list reloads, and a callback of mutate's is dropped once its component is gone.
          change.mutateAsync({ email: user.userEmail, role: asking }).then(
            () => {
              setAsking(null);
              toast(asking === 'customer' ? `${accountContact(user.userEmail)} is a customer again` : `${accountContact(user.userEmail)} now has the ${labelOf(asking)} role`);
            },
            // The refusal is shown in the dialog, from the mutation's error.
            () => undefined,
          );
        }}
      >
        <p>{asking && consequence(user, asking)}</p>
      </ConfirmDialog>
    </form>
  );
}
