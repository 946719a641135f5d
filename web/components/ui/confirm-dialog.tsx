import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

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

/** A modal that asks before an action that cannot be undone. */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'primary', busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onClose}>
      <div className="text-stone-700">{children}</div>
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
    </Modal>
  );
}
