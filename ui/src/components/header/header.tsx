import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { AccountArea } from './account-area';
import { useHeaderSlots } from './header-slots';
import { LanguageDropdown } from './language-dropdown';
import { LogoMark } from './logo-mark';
import { useCompactHeader } from './use-compact-header';
import './header.css';

export function Header() {
  const { t } = useTranslation();
  const { brand } = getRuntimeConfig();
  const slots = useHeaderSlots();
  useCompactHeader();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link
          to="/"
          className="brand-link"
          title={t('header.home_link', { brand })}
          onClick={slots.onLogoClick}
        >
          <LogoMark />
          <span className="brand-link__name">{brand}</span>
        </Link>
        <div className="site-header__actions">
          {slots.actions}
          <AccountArea />
          <LanguageDropdown />
        </div>
      </div>
      {slots.toolbar && (
        <div className="site-header__toolbar">
          <div className="container site-header__toolbar-inner">{slots.toolbar}</div>
        </div>
      )}
    </header>
  );
}
