import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../lib/ui-constants';

/**
 * Open/closed state of a header dropdown (spec §2): it closes 150 ms after focus
 * leaves it (so a click on an option still lands), at once on Escape (focus goes
 * back to the toggle), and when an option is chosen.
 */
export function useDropdown<Toggle extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<Toggle>(null);

  const cancelClose = () => {
    if (closeTimer.current !== undefined) {
      clearTimeout(closeTimer.current);
      closeTimer.current = undefined;
    }
  };

  useEffect(
    () => () => {
      if (closeTimer.current !== undefined) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = () => {
    cancelClose();
    setOpen(false);
  };

  return {
    open,
    wrapperRef,
    toggleRef,
    close,
    toggle: () => {
      cancelClose();
      setOpen((value) => !value);
    },
    /** Spread on the wrapper element. Focus events bubble there (focusin/focusout in preact/compat). */
    wrapperProps: {
      ref: wrapperRef,
      onFocus: cancelClose,
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const next = event.relatedTarget;
        if (next instanceof Node && wrapperRef.current?.contains(next)) return;
        cancelClose();
        closeTimer.current = setTimeout(() => {
          closeTimer.current = undefined;
          setOpen(false);
        }, DROPDOWN_CLOSE_DELAY_MS);
      },
      onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key === 'Escape' && open) {
          close();
          toggleRef.current?.focus();
        }
      },
    },
  };
}
