import { useNavigate, useSearchParams } from 'react-router';
import { accountDeletionTerms, freshSignInMinutes } from '../../../../common/schemas/customer-data.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failedWith } from '../../../lib/api-client.ts';
import { authApi } from '../../auth/api/auth-api.ts';
import { useRefreshSession } from '../../auth/api/session-queries.ts';
import { useDeleteMyAccount, useDownloadMyData } from '../api/customer-data-queries.ts';

/** The query that opens the deletion dialog: My Profile comes back with it after the fresh sign-in. */
export const deleteAccountParam = 'deleteAccount';

/** Where a deleted account's person lands, signed out. */
export const accountDeletedPath = '/account-deleted';

function WhatHappens() {
  return (
    <div className="space-y-3 text-sm">
      <p className="font-medium text-stone-900">This cannot be undone. We erase:</p>
      <ul className="list-disc space-y-1 pl-5">
        {accountDeletionTerms.erased.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        <span className="font-medium text-stone-900">We keep: </span>
        {accountDeletionTerms.kept}
      </p>
      <p>Download your data first if you want a copy. You can register again with the same address later, as a new account.</p>
    </div>
  );
}

/**
 * My Profile's "Your data" (ADR 046): the file of everything the shop keeps about the person, and the
 * deletion of their account. Deleting needs a recent sign-in: when the server asks for one, the dialog
 * says so and "Sign in again" signs out and comes back here (by password, phone code or Google alike),
 * with the dialog open again.
 */
export function MyDataSettings() {
  const toast = useToast();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const download = useDownloadMyData();
  const deletion = useDeleteMyAccount();
  const asking = searchParams.has(deleteAccountParam);
  const needsSignIn = failedWith(deletion.error, 'FRESH_SIGN_IN_REQUIRED');

  const setAsking = (open: boolean) => {
    deletion.reset();
    setSearchParams(
      (params) => {
        if (open) params.set(deleteAccountParam, '1');
        else params.delete(deleteAccountParam);
        return params;
      },
      { replace: true },
    );
  };

  async function signInAgain() {
    // Signed out on this page (its address still asks for the dialog): the sign-in guard sends them to
    // sign in, and back here once they have.
    await authApi.signOut();
    await refreshSession();
  }

  async function leaveSignedOut() {
    // Away from the signed-in pages first, so that no guard sends them to sign in; then every cached answer goes.
    await navigate(accountDeletedPath, { replace: true });
    await refreshSession();
  }

  function deleteAccount() {
    deletion.mutate(undefined, { onSuccess: () => void leaveSignedOut() });
  }

  return (
    <section aria-labelledby="my-data-title" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6">
      <div>
        <h2 id="my-data-title" className="text-lg font-semibold text-stone-900">
          Your data
        </h2>
        <p className="mt-1 text-sm text-stone-600">Download a copy of everything we keep about you, or delete your account.</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-outline"
          disabled={download.isPending}
          onClick={() => download.mutate(undefined, { onSuccess: () => toast('Your data has been downloaded') })}
        >
          {download.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Download my data
        </button>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
          Delete my account
        </button>
      </div>
      {download.error && (
        <p role="alert" className="text-sm font-medium text-error">
          {download.error.message}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={needsSignIn ? 'Please sign in again' : 'Delete your account?'}
        confirmLabel={needsSignIn ? 'Sign in again' : 'Delete my account'}
        tone={needsSignIn ? 'primary' : 'danger'}
        busy={deletion.isPending}
        error={needsSignIn ? undefined : deletion.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() => (needsSignIn ? void signInAgain() : deleteAccount())}
      >
        {needsSignIn ? (
          <p>
            For your safety, deleting your account needs a sign-in from the last {freshSignInMinutes} minutes. Sign in again, with your password, a code to your phone or Google,
            and you will come back here to confirm.
          </p>
        ) : (
          <WhatHappens />
        )}
      </ConfirmDialog>
    </section>
  );
}
