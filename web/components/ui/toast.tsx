import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error';
}

const ToastContext = createContext<(message: string, tone?: Toast['tone']) => void>(() => undefined);

const visibleMs = 5000;

/**
 * The specification's alerts ('profile updated', 'Review added', …), shown as a toast that a
 * screen reader announces and that goes away by itself. They stand at the bottom corner, narrow, where
 * a page's next step never is: a page that answers an action with one (Place Order's Pay now) brings it
 * to the top of the screen.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, tone: Toast['tone'] = 'success') => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, tone }]);
      window.setTimeout(() => dismiss(id), visibleMs);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast toast-bottom toast-end z-50 max-w-[min(24rem,calc(100vw-2rem))]" role="status" aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <div key={toast.id} className={`alert ${toast.tone === 'success' ? 'alert-success' : 'alert-error'} whitespace-normal shadow-lg`}>
            <span>{toast.message}</span>
            <button type="button" className="btn btn-ghost btn-xs" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
              ✕
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
