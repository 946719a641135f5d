import { type ReactNode, useEffect, useRef } from 'react';

/** A modal on the browser's own <dialog>: focus stays inside, Escape closes it. */
export function Modal({ open, title, onClose, children, wide = false }: { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-label={title} onClose={onClose}>
      <div className={`modal-box ${wide ? 'sm:max-w-3xl' : ''}`}>
        <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
        <div className="mt-3">{open && children}</div>
      </div>
    </dialog>
  );
}
