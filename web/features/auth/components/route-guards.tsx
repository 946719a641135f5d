import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../../../components/ui/query-states.tsx';
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

/** Admin pages. The server refuses their calls to anyone else; this says so plainly first. */
export function RequireAdmin() {
  const session = useSession();
  if (session.data?.role === 'admin') return <Outlet />;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="font-display text-5xl font-semibold text-primary">403</p>
      <h1 className="font-display mt-4 text-3xl font-semibold text-stone-900">Not allowed</h1>
      <p className="mt-3 text-stone-600">This page is for the shop&rsquo;s admins. Your account can see its profile, orders and reviews.</p>
      <Link to="/dashboard" className="btn btn-primary mt-8">
        Go to your dashboard
      </Link>
    </section>
  );
}
