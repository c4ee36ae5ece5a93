import type { ReactNode } from 'react';
import './account-page.css';

/** The narrow card layout of the account pages (login, register, password, address). */
export function AccountPage({ title, children, wide = false }: { title?: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`container page account-page${wide ? ' account-page--wide' : ''}`}>
      <div className="account-page__card">
        {title && <h1 className="page__title">{title}</h1>}
        {children}
      </div>
    </div>
  );
}

/** Shown while the stored session is being checked at start-up. */
export function SessionPending() {
  return <div className="container page" aria-busy="true" />;
}
