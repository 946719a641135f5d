import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '../../../common/schemas/password-changes.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { FormSubmit } from '../../components/ui/form-submit.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useRefreshSession } from '../../features/auth/api/session-queries.ts';
import { AuthFrame } from '../../features/auth/components/auth-frame.tsx';
import { passwordResetState } from '../../features/auth/components/password-reset-notice.tsx';
import { failedWith } from '../../lib/api-client.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const askAgain = (
  <Link to="/forgotPassword" className="link link-primary font-medium">
    Ask for a new link
  </Link>
);

/** better-auth's code for a reset link that is unknown, used or past its hour. */
const isDeadLink = (error: Error | null) => failedWith(error, 'INVALID_TOKEN');
const isTooCommon = (error: Error | null) => failedWith(error, 'PASSWORD_TOO_COMMON');

/**
 * Where the reset e-mail's link lands: a new password, typed twice, for the account the link's token
 * names. The person then logs in with it (a link in a mailbox is not a second factor, so it signs
 * nobody in).
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useSchemaForm(resetPasswordFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useMutation({
    mutationFn: (newPassword: string) => authApi.resetPassword(token, newPassword),
    // Saving signs out every device, this one too if it was signed in: the page learns so before it
    // shows the login page, whose header then offers LOG IN and whose form is for the new password.
    onSuccess: async () => {
      await refreshSession();
      await navigate('/login', { replace: true, state: passwordResetState });
    },
    onError: (error) => {
      // The list of common passwords stays on the server (it is too long for the page): its refusal goes under the field.
      if (isTooCommon(error)) form.setError('newPassword', { message: error.message }, { shouldFocus: true });
    },
  });

  if (!token) {
    return (
      <AuthFrame title="This link is not complete" intro="Open the link from the e-mail again, or ask for a new one.">
        <Link to="/forgotPassword" className="btn btn-primary">
          Ask for a new link
        </Link>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Choose a new password" intro="Choose the new password for your Joinery account. Saving it signs you out on every device.">
      <form noValidate aria-label="Choose a new password" className="space-y-5" onSubmit={form.handleSubmit(({ newPassword }) => reset.mutate(newPassword))}>
        <TextField label="New password" type="password" autoComplete="new-password" hint="At least 6 characters, and not a common one." {...form.field('newPassword')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        {isDeadLink(reset.error) && (
          <p role="alert" className="rounded-lg border border-error/30 bg-error/5 px-4 py-3 text-sm font-medium text-error">
            This link has expired or has already been used. {askAgain}.
          </p>
        )}
        <FormSubmit
          label="Save the new password"
          busy={reset.isPending}
          error={isDeadLink(reset.error) || isTooCommon(reset.error) ? undefined : reset.error?.message}
          progressBar="Saving the new password"
          className="btn-primary w-full"
        />
      </form>
    </AuthFrame>
  );
}
