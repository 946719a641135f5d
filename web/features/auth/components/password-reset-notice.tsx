import { useLocation } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** The navigation state the Reset password page leaves for the login page. */
export const passwordResetState = { passwordReset: true } as const;

/** On the login page, after a reset: says what happened and what to do next. */
export function PasswordResetNotice() {
  const state: unknown = useLocation().state;
  // The navigation's state is the browser's own: a page rendered on the server never has it.
  const hydrated = useHydrated();
  const afterReset = typeof state === 'object' && state !== null && 'passwordReset' in state;
  if (!afterReset || !hydrated) return null;
  return (
    <div role="status" className="mb-6 rounded-lg border border-success/30 bg-success/5 px-4 py-3 text-sm font-medium text-stone-800">
      Your password has been changed and every device was signed out. Log in with your new password.
    </div>
  );
}
