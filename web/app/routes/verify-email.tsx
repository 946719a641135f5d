import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { authQueries, useReloadSession, useSession } from '../../features/auth/api/session-queries.ts';
import { AuthFrame } from '../../features/auth/components/auth-frame.tsx';
import { failedWith } from '../../lib/api-client.ts';

const linkClass = 'btn btn-primary';

/**
 * Where the confirmation e-mail's link lands. The page, not the link, asks the server to confirm, so a
 * mail scanner that only fetches the link confirms nothing by itself.
 */
export default function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const reloadSession = useReloadSession();
  const session = useSession();
  // The dashboard's banner asks for the confirmation until the session says it is done.
  const confirmation = useQuery({ ...authQueries.emailConfirmation(token, reloadSession), enabled: token !== '' });

  if (token && confirmation.isPending) {
    return (
      <AuthFrame title="Confirming your e-mail address" intro="One moment…">
        <progress className="progress progress-primary h-1 w-full" aria-label="Confirming your e-mail address" />
      </AuthFrame>
    );
  }

  if (confirmation.isSuccess && session.data === null) {
    // Confirmed where the account was not signed in: the server handed the account to the address's
    // owner and removed every password and session set up before (ADR 016).
    return (
      <AuthFrame
        title="E-mail address confirmed"
        intro="You confirmed it on a device that was not signed in to this account, so for your safety any password chosen before has been removed and every device signed out. Choose a password to sign in."
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/forgotPassword" className={linkClass}>
            Choose a password
          </Link>
          <Link to="/login" className="btn btn-outline">
            Log in another way
          </Link>
        </div>
      </AuthFrame>
    );
  }

  if (confirmation.isSuccess) {
    return (
      <AuthFrame title="E-mail address confirmed" intro="Thank you: receipts, shipping notices and password resets will reach you at this address.">
        <div className="flex flex-wrap gap-3">
          <Link to="/dashboard" className={linkClass}>
            Go to your dashboard
          </Link>
          <Link to="/products" className="btn btn-outline">
            Browse the tools
          </Link>
        </div>
      </AuthFrame>
    );
  }

  const expired = failedWith(confirmation.error, 'TOKEN_EXPIRED');
  return (
    <AuthFrame
      title={expired ? 'This link has expired' : 'This link is not valid'}
      intro={`${expired ? 'Confirmation links work for 24 hours.' : 'It may have been copied incompletely.'} Log in and press "Resend the link" on your dashboard to get a new one.`}
    >
      <Link to="/dashboard" className={linkClass}>
        Go to your dashboard
      </Link>
    </AuthFrame>
  );
}
