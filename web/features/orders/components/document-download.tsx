import { type ReactNode, useState } from 'react';
import { useToast } from '../../../components/ui/toast.tsx';
import { downloadFile } from '../../../lib/api-client.ts';
import { orderKeyHeaders } from '../order-keys.ts';

interface DocumentDownloadProps {
  /** The order the document belongs to: a guest's key for it goes with the call. */
  orderId: string;
  path: string;
  fileName: string;
  className?: string;
  /** What is downloaded, as the button shows it ("Invoice INV-2026-000012"); its accessible name starts with "Download". */
  children: ReactNode;
  /** A button that says all it does itself ("Download PDF"): no arrow, nothing added for a screen reader. */
  plain?: boolean;
}

/** An arrow into a tray: the file comes to this device. */
function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="h-4 w-4 shrink-0" aria-hidden="true">
      <path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 13.5V16h12v-2.5" />
    </svg>
  );
}

/**
 * A PDF of an order (its invoice, a credit note, a guest's receipt), downloaded by the app rather than
 * by a plain link, so that a guest's key for the order goes with it (`X-Order-Key`; a link cannot send
 * it). The button waits while the file comes; a refusal is told in a toast.
 */
export function DocumentDownload({ orderId, path, fileName, className = 'btn btn-outline btn-sm', children, plain = false }: DocumentDownloadProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadFile(path, fileName, orderKeyHeaders(orderId));
    } catch (error) {
      toast(`${fileName} could not be downloaded: ${error instanceof Error ? error.message : 'please try again.'}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void download()}>
      {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : !plain && <DownloadIcon />}
      <span>
        {!plain && <span className="sr-only">Download </span>}
        {children}
      </span>
    </button>
  );
}

/** Where a paid order's invoice downloads as a PDF, and the name it is saved under (the server's own). */
export const invoicePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice`;
export const creditNotePath = (refundId: string) => `/api/refunds/${encodeURIComponent(refundId)}/credit-note`;
export const documentFileName = (number: string) => `${number}.pdf`;
