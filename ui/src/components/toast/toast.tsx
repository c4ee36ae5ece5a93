import {
  createContext,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_DURATION_MS } from '../../lib/ui-constants';
import './toast.css';
import { useRequiredContext } from '../../lib/required-context';

export type ToastTone = 'success' | 'info' | 'error';

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds until it disappears; defaults to TOAST_DEFAULT_DURATION_MS. */
  duration?: number;
}

interface ToastEntry {
  id: number;
  message: string;
  tone: ToastTone;
}

interface ToastApi {
  show: (message: string, options?: ToastOptions) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toasts of the app and renders them in a polite live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      // Keep at most three on screen; the oldest goes first.
      setToasts((list) => [...list.slice(-2), { id, message, tone: options.tone ?? 'success' }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options.duration ?? TOAST_DEFAULT_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  // While a modal is open the toasts sit at the top of the screen and the modal
  // keeps clear of them (modal.css reads --toast-clearance), so a toast never
  // covers a modal's controls.
  const regionRef = useRef<HTMLDivElement>(null);
  // Without toasts nothing is measured: asking for a box forces a layout, and while the
  // page starts that would lay the whole first screen out twice.
  const measure = useCallback(() => {
    const region = regionRef.current;
    const height = region && region.childElementCount > 0 ? region.getBoundingClientRect().height : 0;
    const value = height > 0 ? `calc(${Math.ceil(height)}px + 1rem)` : '0px';
    const style = document.documentElement.style;
    if (style.getPropertyValue('--toast-clearance') !== value) style.setProperty('--toast-clearance', value);
  }, []);
  // Before the browser paints, so an open modal moves before a new toast shows.
  useLayoutEffect(measure, [toasts, measure]);
  useEffect(() => {
    const region = regionRef.current;
    // Text wrapping differently (a turned phone) changes the height too.
    const observer = region && typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    if (region) observer?.observe(region);
    return () => {
      observer?.disconnect();
      document.documentElement.style.removeProperty('--toast-clearance');
    };
  }, [measure]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div ref={regionRef} className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`}>
            <span className="toast__icon" aria-hidden="true">
              {toast.tone === 'error' ? '!' : '✓'}
            </span>
            <span className="toast__message">{toast.message}</span>
            <button type="button" className="toast__close" onClick={() => dismiss(toast.id)} aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useRequiredContext(ToastContext, 'useToast');
}
