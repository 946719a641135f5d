import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { emailProblem, nameProblem, passwordProblem } from '../../../common/account-rules.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useRefreshSession } from '../../features/auth/api/session-queries.ts';
import { AuthFrame, Divider } from '../../features/auth/components/auth-frame.tsx';
import { FormAlert, SignInProgress } from '../../features/auth/components/form-alert.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useForm } from '../../lib/use-form.ts';

/** better-auth's answer for a taken address, said the shop's way. */
function signUpFailure(error: Error | null): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiRequestError && error.code.startsWith('USER_ALREADY_EXISTS')) {
    return 'An account with this e-mail already exists. Log in instead, or use another address.';
  }
  return error.message;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const form = useForm({ name: '', email: '', password: '' }, (fields) => ({
    name: nameProblem(fields.name),
    email: emailProblem(fields.email),
    password: passwordProblem(fields.password),
  }));
  const signUp = useMutation({
    mutationFn: authApi.signUp,
    onSuccess: async () => {
      await refreshSession();
      await navigate('/', { replace: true });
    },
  });

  return (
    <AuthFrame
      title="Create your account"
      intro={
        <>
          Already have one?{' '}
          <Link to="/login" className="link link-primary font-medium">
            Log in
          </Link>
        </>
      }
    >
      <form
        noValidate
        aria-label="Create your account"
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.check()) signUp.mutate({ name: form.fields.name.trim(), email: form.fields.email.trim(), password: form.fields.password });
        }}
      >
        <TextField label="Name" autoComplete="name" {...form.field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 6 characters." {...form.field('password')} />
        <FormAlert message={signUpFailure(signUp.error)} />
        <SignInProgress active={signUp.isPending} label="Creating your account" />
        <button type="submit" className="btn btn-primary w-full" disabled={signUp.isPending}>
          Register
        </button>
      </form>
      <Divider>or</Divider>
      <SocialSignIn providers={['google']} returnTo="/" />
    </AuthFrame>
  );
}
