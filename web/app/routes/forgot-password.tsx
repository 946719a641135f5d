import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../../common/schemas/password-changes.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { FormSubmit } from '../../components/ui/form-submit.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { AuthFrame } from '../../features/auth/components/auth-frame.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const backToLogin = (
  <Link to="/login" className="link link-primary font-medium">
    Back to log in
  </Link>
);

/** Asks for the account's address and mails it a reset link; it never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const form = useSchemaForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const request = useMutation({ mutationFn: authApi.requestPasswordReset });

  if (request.isSuccess) {
    return (
      <AuthFrame title="Check your e-mail" intro={backToLogin}>
        <div role="status" className="space-y-3 rounded-lg border border-success/30 bg-success/5 px-4 py-4 text-stone-800">
          <p className="font-medium">If an account exists for that address, we have sent a link to choose a new password.</p>
          <p className="text-sm text-stone-600">The link works once, for one hour. Nothing arrived? Look in your spam folder, or ask again in a few minutes.</p>
        </div>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Forgot your password?"
      intro={<>Enter the e-mail address of your account and we will send you a link to choose a new password. Remembered it? {backToLogin}</>}
    >
      <form noValidate aria-label="Forgot password" className="space-y-5" onSubmit={form.handleSubmit(({ email }) => request.mutate(email))}>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <FormSubmit label="Send the link" busy={request.isPending} error={request.error?.message} progressBar="Sending the link" className="btn-primary w-full" />
      </form>
    </AuthFrame>
  );
}
