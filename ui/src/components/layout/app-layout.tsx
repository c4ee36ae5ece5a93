import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Footer } from '../footer/footer';
import { Header } from '../header/header';
import { OfflineBanner } from '../offline-banner';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      {/* <base href> would turn a bare "#main-content" into a link to the home page. */}
      <a className="skip-link" href="#main-content" onClick={focusMain}>
        {t('common.skip_to_content')}
      </a>
      <Header />
      <OfflineBanner />
      <main id="main-content" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
