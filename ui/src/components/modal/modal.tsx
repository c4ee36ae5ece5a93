import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MODAL_TRANSITION_MS } from '../../lib/ui-constants';
import './modal.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

// Open modals lock the page scroll; nested modals share the lock.
let openCount = 0;
function lockScroll() {
  openCount += 1;
  document.body.classList.add('modal-open');
}
function unlockScroll() {
  openCount = Math.max(0, openCount - 1);
  if (openCount === 0) document.body.classList.remove('modal-open');
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Sticky bottom area, e.g. the main action. */
  footer?: ReactNode;
  /** A static modal ignores Escape and backdrop clicks; only its own buttons close it. */
  static?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Extra class on the dialog box. */
  className?: string;
  /** Hide the × button (static modals usually offer their own cancel). */
  hideCloseButton?: boolean;
}

/**
 * Accessible dialog: rendered into <body>, traps focus, closes on Escape and
 * backdrop click (unless static), fades in and out (300 ms dialog, 150 ms
 * backdrop) and gives focus back to where it was when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  static: isStatic = false,
  size = 'md',
  className,
  hideCloseButton = false,
}: ModalProps) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Mount at once, show on the next frame so the CSS transition runs; on close,
  // the dialog fades out and is unmounted once the transition is over.
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open) {
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    const timer = setTimeout(() => {
      setMounted(false);
      setShown(false);
    }, MODAL_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Focus moves in when the modal opens and back out when it closes.
  useEffect(() => {
    if (!open || !mounted) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
      (preferred ?? dialog).focus();
    }
    lockScroll();
    return () => {
      unlockScroll();
      if (previous && previous.isConnected) {
        previous.focus();
        return;
      }
      // The opener is gone (e.g. an edited cart line was re-keyed): fall back to the modal underneath.
      const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).filter(
        (element) => element !== dialog,
      );
      dialogs[dialogs.length - 1]?.focus();
    };
  }, [open, mounted]);

  // When the focused control disappears (a removed cart line, say) focus falls back
  // to <body>, out of reach of the dialog's own key handler: the topmost modal still
  // closes on Escape, and Tab brings focus back into it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const dialog = dialogRef.current;
      const active = document.activeElement;
      if (!dialog || (active !== null && active !== document.body)) return;
      const dialogs = document.querySelectorAll('[role="dialog"]');
      if (dialogs[dialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        if (!isStatic) onCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        (focusableIn(dialog)[0] ?? dialog).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, isStatic]);

  if (!mounted) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Only the innermost modal reacts.
      event.stopPropagation();
      if (!isStatic) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusableIn(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const handleBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && !isStatic && open) onCloseRef.current();
  };

  return createPortal(
    <div
      className={`modal-root${shown && open ? ' modal-root--shown' : ''}`}
      onClick={handleBackdropClick}
      data-testid="modal-backdrop"
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {!hideCloseButton && (
            <button type="button" className="modal__close" onClick={() => onCloseRef.current()} aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
