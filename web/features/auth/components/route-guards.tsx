import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { hasRight, withoutRightMessage } from '../../../../common/staff-roles.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { adminPageAt } from '../../dashboard/admin-pages.ts';
import { useSession } from '../api/session-queries.ts';
import { loginPath } from '../login-path.ts';

function CheckingSession() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Checking your sign-in…</span>
    </div>
  );
}

/** Pages for signed-in people: anyone else goes to /login and comes back here afterwards. */
export function RequireSignIn() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <CheckingSession />;
  if (session.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <ErrorState title="We could not check your sign-in" error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  if (!session.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/**
 * Admin pages, each open to the staff roles with its right (admin-pages.ts, ADR 042). The server
 * refuses their calls to anyone else; this says so plainly first, naming what the role may not do.
 */
export function RequireAdmin() {
  const session = useSession();
  const { pathname } = useLocation();
  const viewer = session.data;
  const page = adminPageAt(pathname);
  if (viewer?.staffRole && page && hasRight(viewer.staffRole, page.right)) return <Outlet />;
  const reason = !viewer?.staffRole
    ? 'This page is for the shop’s admins. Your account can see its profile, orders and reviews.'
    : page
      ? withoutRightMessage(viewer.staffRole, page.right)
      : 'This page is not open to any staff role yet.';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="font-display text-5xl font-semibold text-primary">403</p>
      <h1 className="font-display mt-4 text-3xl font-semibold text-stone-900">Not allowed</h1>
      <p className="mt-3 text-stone-600">{reason}</p>
      <Link to="/dashboard" className="btn btn-primary mt-8">
        Go to your dashboard
      </Link>
    </section>
  );
}
