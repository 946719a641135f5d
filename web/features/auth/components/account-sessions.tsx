import { useState } from 'react';
import type { AccountSession } from '../../../../common/schemas/account-sessions.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/account-session-queries.ts';

function DeviceIcon({ system }: { system: string }) {
  const phone = system === 'iPhone' || system === 'Android';
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-base-200 text-stone-600" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        {phone ? (
          <>
            <rect x="7" y="2.5" width="10" height="19" rx="2" />
            <path d="M11 18.5h2" />
          </>
        ) : (
          <>
            <rect x="3" y="4.5" width="18" height="12" rx="1.5" />
            <path d="M1.5 19.5h21" />
          </>
        )}
      </svg>
    </span>
  );
}

function SessionRow({ session, onEnd }: { session: AccountSession; onEnd: (session: AccountSession) => void }) {
  const name = `${session.browser} on ${session.system}`;
  return (
    <li className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3 gap-y-2 py-3 sm:grid-cols-[2.5rem_1fr_auto]">
      <DeviceIcon system={session.system} />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
          {name}
          {session.current && <span className="badge badge-success badge-sm">This device</span>}
        </p>
        <p className="text-sm text-stone-600">
          Last active <time dateTime={session.lastActiveAt}>{dateTime.format(new Date(session.lastActiveAt))}</time>
          {session.address && <> · from {session.address}</>}
        </p>
        <p className="text-xs text-stone-500">
          Signed in <time dateTime={session.signedInAt}>{dateTime.format(new Date(session.signedInAt))}</time>
        </p>
      </div>
      {!session.current && (
        <button type="button" className="btn btn-outline btn-sm col-start-2 justify-self-start sm:col-start-auto" onClick={() => onEnd(session)} aria-label={`Sign out ${name}`}>
          Sign out
        </button>
      )}
    </li>
  );
}

/**
 * My Profile's list of the places this account is signed in, so that a lost laptop or a stolen
 * session can be ended from here: one at a time, or all but this device at once.
 */
export function AccountSessions() {
  const toast = useToast();
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<AccountSession | 'others' | null>(null);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const close = () => {
    setEnding(null);
    endOne.reset();
    endOthers.reset();
  };
  const confirm = () => {
    if (ending === 'others') {
      endOthers.mutate(undefined, {
        onSuccess: ({ ended }) => {
          close();
          toast(ended === 1 ? 'Signed out 1 other device' : `Signed out ${ended} other devices`);
        },
      });
    } else if (ending) {
      endOne.mutate(ending.id, {
        onSuccess: () => {
          close();
          toast(`Signed out ${ending.browser} on ${ending.system}`);
        },
      });
    }
  };

  return (
    <section aria-labelledby="sessions-title" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-title" className="text-lg font-semibold text-stone-900">
            Where you are signed in
          </h2>
          <p className="mt-1 text-sm text-stone-600">If you see a device you do not know, sign it out and change your password.</p>
        </div>
        {others.length > 0 && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEnding('others')}>
            Sign out everywhere else
          </button>
        )}
      </div>
      {sessions.isPending ? (
        <div className="skeleton h-24 w-full rounded-lg" aria-label="Loading where you are signed in" />
      ) : sessions.isError ? (
        <ErrorState title="We could not load where you are signed in" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="divide-y divide-base-300" aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={setEnding} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'others' ? 'Sign out everywhere else?' : 'Sign out this device?'}
        confirmLabel={ending === 'others' ? 'Sign out everywhere else' : 'Sign out'}
        tone="danger"
        busy={endOne.isPending || endOthers.isPending}
        error={(endOne.error ?? endOthers.error)?.message}
        onConfirm={confirm}
        onClose={close}
      >
        {ending === 'others'
          ? `Every device but this one (${others.length}) will be signed out and will need your password again.`
          : ending && `${ending.browser} on ${ending.system} will be signed out and will need your password again.`}
      </ConfirmDialog>
    </section>
  );
}
