import { useMutation } from '@tanstack/react-query';
import { changePasswordFormSchema } from '../../../../common/schemas/password-changes.ts';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failedWith } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { authApi } from '../../auth/api/auth-api.ts';
import { useReloadSession } from '../../auth/api/session-queries.ts';

/** The server's refusals that are about one field: shown under it rather than under the button. */
function fieldProblem(error: Error | null): { field: 'currentPassword' | 'newPassword'; message: string } | undefined {
  if (failedWith(error, 'INVALID_PASSWORD')) return { field: 'currentPassword', message: 'This is not your current password.' };
  // The list of common passwords stays on the server (it is too long for the page): its refusal goes under the field.
  if (failedWith(error, 'PASSWORD_TOO_COMMON')) return { field: 'newPassword', message: error.message };
  return undefined;
}

/** My Profile's Change password, for accounts that sign in with one; saving it signs out every other device. */
export function ChangePasswordForm({ viewer }: { viewer: Viewer }) {
  const toast = useToast();
  const reloadSession = useReloadSession();
  const form = useSchemaForm(changePasswordFormSchema, { defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => authApi.changePassword(currentPassword, newPassword),
    onSuccess: async () => {
      form.reset();
      toast('Your password has been changed. Every other device was signed out.');
      await reloadSession();
    },
    onError: (error) => {
      const problem = fieldProblem(error);
      if (problem) form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
    },
  });
  if (!viewer.hasPassword) return null;

  return (
    <section aria-labelledby="change-password-title" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6">
      <div>
        <h2 id="change-password-title" className="text-lg font-semibold text-stone-900">
          Change password
        </h2>
        <p className="mt-1 text-sm text-stone-600">Saving a new password signs you out on every other device.</p>
      </div>
      <form noValidate aria-label="Change password" className="space-y-5" onSubmit={form.handleSubmit((typed) => change.mutate(typed))}>
        <TextField label="Current password" type="password" autoComplete="current-password" className="sm:max-w-sm" {...form.field('currentPassword')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="New password" type="password" autoComplete="new-password" hint="At least 6 characters, and not a common one." {...form.field('newPassword')} />
          <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        </div>
        <FormSubmit label="Change password" busy={change.isPending} error={fieldProblem(change.error) ? undefined : change.error?.message} />
      </form>
    </section>
  );
}
