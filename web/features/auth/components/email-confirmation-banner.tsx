import { useMutation } from '@tanstack/react-query';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { authApi } from '../api/auth-api.ts';

/**
 * Across the dashboard until the account's address is confirmed, with a button that mails a new
 * link. It asks and informs; nothing in the shop waits for it (ADR 010).
 */
export function EmailConfirmationBanner({ viewer }: { viewer: Viewer }) {
  const resend = useMutation({ mutationFn: authApi.resendConfirmation });
  if (!viewer.emailConfirmationNeeded) return null;
  return (
    <section
      aria-label="Confirm your e-mail address"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 text-sm text-stone-800">
        <p className="font-semibold">Please confirm your e-mail address.</p>
        <p className="mt-0.5 [overflow-wrap:anywhere]">
          We sent a link to <span className="font-medium">{viewer.email}</span>, so that receipts, shipping notices and password resets reach you.
        </p>
        <div aria-live="polite">
          {resend.isSuccess && <p className="mt-1 font-medium text-stone-800">A new link is on its way. It works for 24 hours.</p>}
          {resend.isError && <p className="mt-1 font-medium text-error">{resend.error.message}</p>}
        </div>
      </div>
      <button type="button" className="btn btn-sm btn-outline shrink-0 border-stone-400 bg-base-100" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Resend the link
      </button>
    </section>
  );
}
