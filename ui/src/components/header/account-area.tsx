import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AUTH_NAMESPACE, firstName, useAuth } from '../../lib/auth';
import { DROPDOWN_CLOSE_DELAY_MS } from './language-dropdown';
import './account-area.css';

/** Up to and including this width the name is cut short (spec: mobile ≤ 768 px). */
const MOBILE_QUERY = '(max-width: 768px)';
const MOBILE_NAME_LENGTH = 4;

/** On mobile a long first name is cut to 4 characters plus '...'. */
export function displayName(name: string, mobile: boolean): string {
  return mobile && name.length > MOBILE_NAME_LENGTH ? `${name.slice(0, MOBILE_NAME_LENGTH)}...` : name;
}

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Signed out: a link to the login page. Signed in: the first name with a Logout dropdown. */
export function AccountArea() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

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

  if (user === null) {
    return (
      <div className="account-area">
        <Link to="/login" className="button button--ghost">
          {t('header.login')}
        </Link>
      </div>
    );
  }

  const name = firstName(user);

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
    }
  };

  return (
    <div
      className="account-area account-menu"
      ref={wrapperRef}
      onKeyDown={handleKeyDown}
      onFocus={cancelClose}
      onBlur={handleBlur}
    >
      <button
        type="button"
        className="account-menu__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('account_menu', { ns: AUTH_NAMESPACE, name })}
        title={name}
        onClick={() => {
          cancelClose();
          setOpen((value) => !value);
        }}
      >
        <span className="account-menu__name">{displayName(name, mobile)}</span>
        <span className="language-dropdown__caret" aria-hidden="true" />
      </button>
      {open && (
        <div id={menuId} className="account-menu__list">
          <button
            type="button"
            className="account-menu__option"
            onClick={() => {
              cancelClose();
              setOpen(false);
              logout();
            }}
          >
            {t('logout', { ns: AUTH_NAMESPACE })}
          </button>
        </div>
      )}
    </div>
  );
}
