import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n';
import { isLanguageCode, LANGUAGE_CODES, LANGUAGES } from '../../lib/languages';
import type { LanguageCode } from '../../lib/runtime-config';
import { useDropdown } from '../dropdown/use-dropdown';

export function LanguageDropdown() {
  const { t, i18n } = useTranslation();
  const { open, toggle, close, toggleRef, wrapperProps } = useDropdown();
  const listId = useId();
  const current: LanguageCode = isLanguageCode(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';

  const choose = (code: LanguageCode) => {
    close();
    void setLanguage(code);
    toggleRef.current?.focus();
  };

  return (
    <div className="language-dropdown" {...wrapperProps}>
      <button
        ref={toggleRef}
        type="button"
        className="language-dropdown__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
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
