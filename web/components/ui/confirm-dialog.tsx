import { type ReactNode, useEffect, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** A destructive action gets a red button. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal that asks before an action that cannot be undone. The browser's own <dialog> keeps focus
 * inside it and closes it on Escape.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'primary', busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby="confirm-title" onClose={onClose}>
      <div className="modal-box">
        <h2 id="confirm-title" className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <div className="mt-3 text-stone-700">{children}</div>
        {error && (
          <p role="alert" className="mt-3 text-sm font-medium text-error">
            {error}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Keep it
          </button>
          <button type="button" className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
