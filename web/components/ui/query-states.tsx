import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What a person sees when a call failed: what went wrong, and a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-error/30 bg-error/5 px-6 py-10 text-center">
      <p className="font-semibold text-error">{title}</p>
      <p className="max-w-md text-sm text-stone-700">{message}</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** What a person sees when there is nothing to list. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-base-300 px-6 py-12 text-center">
      <p className="font-semibold text-stone-800">{title}</p>
      {children && <div className="text-sm text-stone-600">{children}</div>}
    </div>
  );
}

/** An empty list's way to the catalogue, then what to do there: "Browse the tools and `then`". */
export function BrowseTheTools({ then }: { then: string }) {
  return (
    <>
      <Link to="/products" className="link link-primary">
        Browse the tools
      </Link>{' '}
      {then}
    </>
  );
}
