import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n';
import { isLanguageCode, LANGUAGE_CODES, LANGUAGES } from '../../lib/languages';
import type { LanguageCode } from '../../lib/runtime-config';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../lib/ui-constants';

export { DROPDOWN_CLOSE_DELAY_MS };

export function LanguageDropdown() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current: LanguageCode = isLanguageCode(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';

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

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && wrapperRef.current?.contains(next)) return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = undefined;
      setOpen(false);
    }, DROPDOWN_CLOSE_DELAY_MS);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      cancelClose();
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  const choose = (code: LanguageCode) => {
    cancelClose();
    setOpen(false);
    void setLanguage(code);
    toggleRef.current?.focus();
  };

  return (
    <div
      className="language-dropdown"
      ref={wrapperRef}
      onKeyDown={handleKeyDown}
      // Focus events bubble here (React semantics, focusin/focusout in preact/compat).
      onFocus={cancelClose}
      onBlur={handleBlur}
    >
      <button
        ref={toggleRef}
        type="button"
        className="language-dropdown__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          cancelClose();
          setOpen((value) => !value);
        }}
      >
        <span className="visually-hidden">{t('header.language')}: </span>
        <span lang={current}>{LANGUAGES[current].name}</span>
        <span className="language-dropdown__caret" aria-hidden="true" />
      </button>
      {open && (
        <ul id={listId} className="language-dropdown__list" aria-label={t('header.language')}>
          {LANGUAGE_CODES.map((code) => (
            <li key={code}>
              <button
                type="button"
                className="language-dropdown__option"
                aria-current={code === current ? 'true' : undefined}
                onClick={() => choose(code)}
              >
                <span className="language-dropdown__code" lang={code}>
                  {LANGUAGES[code].name}
                </span>
                <span className="language-dropdown__name">{t(`languages.${code}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
