import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { signUpSchema } from '../../../common/schemas/users.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { FormSubmit } from '../../components/ui/form-submit.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useRefreshSession } from '../../features/auth/api/session-queries.ts';
import { AuthFrame, Divider } from '../../features/auth/components/auth-frame.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { loginPath } from '../../features/auth/login-path.ts';
import { useAlreadySignedIn } from '../../features/auth/use-already-signed-in.ts';
import { useReturnTo } from '../../features/auth/use-return-to.ts';
import { failedWith } from '../../lib/api-client.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

/** better-auth's answer for a taken address, said the shop's way. */
function signUpFailure(error: Error | null): string | undefined {
  if (!error) return undefined;
  if (failedWith(error, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')) {
    return 'An account with this e-mail already exists. Log in instead, or use another address.';
  }
  return error.message;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  // Someone sent here to sign in first (from /login?returnTo=) goes on there once the account exists.
  const returnTo = useReturnTo();
  const alreadySignedIn = useAlreadySignedIn();
  const refreshSession = useRefreshSession();
  const form = useSchemaForm(signUpSchema, { defaultValues: { name: '', email: '', password: '' } });
  const signUp = useMutation({
    mutationFn: authApi.signUp,
    onSuccess: async () => {
      await refreshSession();
      await navigate(returnTo, { replace: true });
    },
  });

  if (alreadySignedIn) return <Navigate to={alreadySignedIn} replace />;

  return (
    <AuthFrame
      title="Create your account"
      intro={
        <>
          Already have one?{' '}
          <Link to={loginPath(returnTo)} className="link link-primary font-medium">
            Log in
          </Link>
        </>
      }
    >
      <form noValidate aria-label="Create your account" className="space-y-5" onSubmit={form.handleSubmit((account) => signUp.mutate(account))}>
        <TextField label="Name" autoComplete="name" {...form.field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 6 characters." {...form.field('password')} />
        <FormSubmit label="Register" busy={signUp.isPending} error={signUpFailure(signUp.error)} progressBar="Creating your account" className="btn-primary w-full" />
      </form>
      <SocialSignIn providers={['google']} returnTo={returnTo}>
        <Divider>or</Divider>
      </SocialSignIn>
    </AuthFrame>
  );
}
