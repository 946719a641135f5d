/** A failed sign-in call, in red, announced to screen readers. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-error/30 bg-error/5 px-4 py-3 text-sm font-medium text-error">
      {message}
    </div>
  );
}

/** The progress bar shown while a sign-in call is on its way. */
export function SignInProgress({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return <progress className="progress progress-primary h-1 w-full" aria-label={label} />;
}
