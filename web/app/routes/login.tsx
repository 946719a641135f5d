import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { emailProblem, passwordProblem } from '../../../common/account-rules.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useRefreshSession } from '../../features/auth/api/session-queries.ts';
import { AuthFrame, Divider } from '../../features/auth/components/auth-frame.tsx';
import { FormAlert, SignInProgress } from '../../features/auth/components/form-alert.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { TwoFactorStep } from '../../features/auth/components/two-factor-step.tsx';
import { withReturnTo } from '../../features/auth/login-path.ts';
import { useReturnTo } from '../../features/auth/use-return-to.ts';
import { useForm } from '../../lib/use-form.ts';

export default function LoginPage() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  // Google or Facebook send the person back here with ?error= when their sign-in did not complete.
  const [searchParams] = useSearchParams();
  const providerFailed = searchParams.has('error');
  const refreshSession = useRefreshSession();
  const form = useForm({ email: '', password: '' }, (fields) => ({
    email: emailProblem(fields.email),
    password: passwordProblem(fields.password),
  }));
  const finish = async () => {
    await refreshSession();
    await navigate(returnTo, { replace: true });
  };
  const signIn = useMutation({
    mutationFn: authApi.signIn,
    onSuccess: async (result) => {
      if (!result?.twoFactorRedirect) await finish();
    },
  });

  if (signIn.data?.twoFactorRedirect) {
    return (
      <AuthFrame title="Two-factor check" intro="Your account asks for a second step.">
        <TwoFactorStep onVerified={finish} onCancel={() => signIn.reset()} />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Log in"
      intro={
        <>
          New to Joinery?{' '}
          <Link to="/register" className="link link-primary font-medium">
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        aria-label="Log in"
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.check()) signIn.mutate({ email: form.fields.email.trim(), password: form.fields.password });
        }}
      >
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <FormAlert
          message={
            signIn.error?.message ??
            (providerFailed ? 'Signing in with Google or Facebook did not complete. Please try again, or use your e-mail and password.' : undefined)
          }
        />
        <SignInProgress active={signIn.isPending} label="Signing in" />
        <button type="submit" className="btn btn-primary w-full" disabled={signIn.isPending}>
          Log in
        </button>
      </form>
      <Divider>or</Divider>
      <div className="space-y-3">
        <SocialSignIn providers={['google', 'facebook']} returnTo={returnTo} />
        <Link to={withReturnTo('/phoneLogin', returnTo)} className="btn btn-outline w-full border-base-300 font-medium text-stone-800 hover:bg-base-200">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
            <path d="M10.5 18.5h3" />
          </svg>
          Continue with Phone
        </Link>
      </div>
    </AuthFrame>
  );
}
