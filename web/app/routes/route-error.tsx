import { Link, useRouteError } from 'react-router';
import { PageMeta } from '../../components/ui/page-meta.tsx';

/**
 * Shown when a page fails to render or its code cannot be loaded (after a deploy replaced the
 * chunks, for instance); reloading fetches the current version.
 */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="This page could not be shown" />
      <h1 className="font-display text-3xl font-semibold text-stone-900">This page could not be shown</h1>
      <p className="mt-3 text-stone-600">{message}</p>
      <div className="mt-8 flex gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" reloadDocument className="btn btn-ghost">
          Home page
        </Link>
      </div>
    </section>
  );
}
