import type { ReactNode } from 'react';

interface FormSubmitProps {
  label: string;
  /** True while the form's call is on its way: the button waits and the progress shows. */
  busy: boolean;
  /** Why the last call failed, in red above the button. */
  error?: string | undefined;
  /** Keeps the button off besides while busy (an order quantity out of range, say). */
  disabled?: boolean;
  /** The button's classes besides `btn`. */
  className?: string;
  /**
   * The sign-in pages' ending: a progress bar with this accessible name while busy, as the
   * specification asks, and the error boxed. Other forms show a spinner in the button.
   */
  progressBar?: string;
  /** Beside the button: what followed the last press (a thank-you, a link). */
  aside?: ReactNode;
}

/** How every form ends: the failed call's message in red, the call's progress, and the submit button. */
export function FormSubmit({ label, busy, error, disabled = false, className = 'btn-primary', progressBar, aside }: FormSubmitProps) {
  // The app sends every form itself. The button's own method, `dialog`, goes nowhere outside a dialog,
  // so that in a page rendered on the server a press (or Enter) before the app runs sends nothing: the
  // browser's own GET would put the fields, a password, in the address. Disabling the button until then
  // cost a style change when the app took the page over (ADR 027).
  const button = (
    <button type="submit" formMethod="dialog" className={`btn ${className}`} disabled={busy || disabled}>
      {busy && !progressBar && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {label}
    </button>
  );
  return (
    <>
      {error && (
        <p role="alert" className={`text-sm font-medium text-error ${progressBar ? 'rounded-lg border border-error/30 bg-error/5 px-4 py-3' : ''}`}>
          {error}
        </p>
      )}
      {busy && progressBar && <progress className="progress progress-primary h-1 w-full" aria-label={progressBar} />}
      {aside === undefined ? (
        button
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {button}
          {aside}
        </div>
      )}
    </>
  );
}
