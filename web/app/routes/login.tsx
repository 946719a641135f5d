import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { signInSchema } from '../../../common/schemas/users.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { FormSubmit } from '../../components/ui/form-submit.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useRefreshSession } from '../../features/auth/api/session-queries.ts';
import { AuthFrame, Divider } from '../../features/auth/components/auth-frame.tsx';
import { PasswordResetNotice } from '../../features/auth/components/password-reset-notice.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { TwoFactorStep } from '../../features/auth/components/two-factor-step.tsx';
import { withReturnTo } from '../../features/auth/login-path.ts';
import { useAlreadySignedIn } from '../../features/auth/use-already-signed-in.ts';
import { useReturnTo } from '../../features/auth/use-return-to.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

export default function LoginPage() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const alreadySignedIn = useAlreadySignedIn();
  // Google or Facebook send the person back here with ?error= when their sign-in did not complete.
  const [searchParams] = useSearchParams();
  const providerFailed = searchParams.has('error');
  const refreshSession = useRefreshSession();
  const form = useSchemaForm(signInSchema, { defaultValues: { email: '', password: '' } });
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

  if (alreadySignedIn) return <Navigate to={alreadySignedIn} replace />;
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
          <Link to={withReturnTo('/register', returnTo)} className="link link-primary font-medium">
            Create an account
          </Link>
        </>
      }
    >
      <PasswordResetNotice />
      <form noValidate aria-label="Log in" className="space-y-5" onSubmit={form.handleSubmit((credentials) => signIn.mutate(credentials))}>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <Link to="/forgotPassword" className="link link-primary -mt-2 block text-right text-sm">
          Forgot your password?
        </Link>
        <FormSubmit
          label="Log in"
          busy={signIn.isPending}
          error={signIn.error?.message ?? (providerFailed ? 'Signing in with Google or Facebook did not complete. Please try again, or use your e-mail and password.' : undefined)}
          progressBar="Signing in"
          className="btn-primary w-full"
        />
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
