import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../api/auth-api.ts';
import { useSignInOptions } from '../api/session-queries.ts';

type Provider = 'google' | 'facebook';
const providerNames: Record<Provider, string> = { google: 'Google', facebook: 'Facebook' };

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
      />
    </svg>
  );
}

const marks: Record<Provider, () => React.JSX.Element> = { google: GoogleMark, facebook: FacebookMark };

/** The providers of `wanted` that this shop has set up, once it has said which (none until then). */
export function useProvidersSetUp(wanted: readonly Provider[]): Provider[] {
  const options = useSignInOptions();
  return wanted.filter((provider) => options.data?.[provider] === true);
}

/**
 * Google (and Facebook) buttons, each only when the shop has set that provider up: a button that could
 * only fail is not offered. `children` shows before them (an "or" between them and the form), and only
 * with them.
 */
export function SocialSignIn({ providers: wanted, returnTo, children }: { providers: Provider[]; returnTo: string; children?: ReactNode }) {
  const providers = useProvidersSetUp(wanted);
  const start = useMutation({
    mutationFn: (provider: Provider) => authApi.socialSignInUrl(provider, returnTo),
    onSuccess: ({ url }) => window.location.assign(url),
  });

  if (providers.length === 0) return null;
  return (
    <>
      {children}
      <div className="space-y-3">
        <div className={`grid gap-3 ${providers.length > 1 ? 'sm:grid-cols-2' : ''}`}>
          {providers.map((provider) => {
            const Mark = marks[provider];
            const busy = start.isPending && start.variables === provider;
            return (
              <button
                key={provider}
                type="button"
                className="btn btn-outline w-full border-base-300 bg-base-100 font-medium text-stone-800 hover:bg-base-200"
                disabled={start.isPending}
                onClick={() => start.mutate(provider)}
              >
                {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Mark />}
                Continue with {providerNames[provider]}
              </button>
            );
          })}
        </div>
        {start.isError && (
          <p role="alert" className="text-sm font-medium text-error">
            {start.error.message}
          </p>
        )}
      </div>
    </>
  );
}
