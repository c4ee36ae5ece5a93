import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AUTH_NAMESPACE, firstName, useAuth } from '../../lib/auth';
import { useViewport } from '../../lib/viewport';
import { useDropdown } from '../dropdown/use-dropdown';
import { useHeaderSlots } from './header-slots';
import './account-area.css';

const MOBILE_NAME_LENGTH = 4;

/** On mobile a long first name is cut to 4 characters plus '...'. */
export function displayName(name: string, mobile: boolean): string {
  return mobile && name.length > MOBILE_NAME_LENGTH ? `${name.slice(0, MOBILE_NAME_LENGTH)}...` : name;
}

/**
 * Signed out: Login, a real link to /login that opens the login dialog when the
 * app offers one. Signed in: the first name with a dropdown holding My orders, My account and Logout.
 */
export function AccountArea() {
  const { t } = useTranslation();
  const { onLoginClick } = useHeaderSlots();
  const { user, logout } = useAuth();
  const { isMobile: mobile } = useViewport();
  const { open, toggle, close, wrapperProps } = useDropdown();
  const menuId = useId();

  if (user === null) {
    return (
      <div className="account-area">
        <Link
          to="/login"
          className="button button--ghost"
          aria-haspopup={onLoginClick ? 'dialog' : undefined}
          onClick={(event) => {
            // A modified click (new tab) still follows the link.
            if (!onLoginClick || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onLoginClick();
          }}
        >
          {t('header.login')}
        </Link>
      </div>
    );
  }

  const name = firstName(user);

  return (
    <div className="account-area account-menu" {...wrapperProps}>
      <button
        type="button"
        className="account-menu__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('account_menu', { ns: AUTH_NAMESPACE, name })}
        title={name}
        onClick={toggle}
      >
        <span className="account-menu__name">{displayName(name, mobile)}</span>
        <span className="language-dropdown__caret" aria-hidden="true" />
      </button>
      {open && (
        <div id={menuId} className="account-menu__list">
          <Link to="/my-orders" className="account-menu__option" onClick={close}>
            {t('header.my_orders')}
          </Link>
          <Link to="/account" className="account-menu__option" onClick={close}>
            {t('header.my_account')}
          </Link>
          <button
            type="button"
            className="account-menu__option"
            onClick={() => {
              close();
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
