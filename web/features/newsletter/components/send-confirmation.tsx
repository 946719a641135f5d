import { countOf } from '../../../../common/plurals.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { useAudience } from '../api/campaign-queries.ts';

export interface SendRequest {
  subject: string;
  /** Undefined: now. */
  at?: string | undefined;
}

/** Asks before a campaign goes: how many confirmed subscribers it reaches, and when. */
export function SendConfirmation({
  request,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  request: SendRequest | undefined;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const audience = useAudience(request !== undefined);
  const count = audience.data?.confirmedSubscribers;
  return (
    <ConfirmDialog
      open={request !== undefined}
      title={request?.at ? `Schedule “${request.subject}”?` : `Send “${request?.subject ?? ''}” now?`}
      confirmLabel={request?.at ? 'Schedule' : 'Send now'}
      busy={busy || count === undefined}
      error={error ?? (audience.isError ? audience.error.message : undefined)}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {count === undefined ? (
        <p className="skeleton h-5 w-64" aria-label="Counting the subscribers" />
      ) : (
        <p>
          It goes to <strong>{countOf(count, 'confirmed subscriber')}</strong>
          {request?.at ? ` (as the list stands now) on ${dateTime.format(new Date(request.at))}` : ''}. A campaign is sent once: it cannot be changed or sent again afterwards.
        </p>
      )}
    </ConfirmDialog>
  );
}
