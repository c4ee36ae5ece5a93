import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { useMenuSearch } from './search-context';
import { SearchIcon } from './search-icon';
import './menu.css';

/** Header search button for mobile viewports; the modal filters the menu as you type. */
export function MobileSearch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { query, setQuery } = useMenuSearch();
  const [open, setOpen] = useState(false);
  // Only the menu page has something to search.
  if (pathname !== '/') return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className={`icon-button mobile-search__toggle${query ? ' icon-button--active' : ''}`}
        onClick={() => setOpen(true)}
        aria-label={t('search.open')}
        aria-haspopup="dialog"
      >
        <SearchIcon />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('search.title')} size="sm" className="search-modal">
        <form role="search" onSubmit={submit} className="search-modal__form">
          <label className="search-field">
            <span className="visually-hidden">{t('search.label')}</span>
            <SearchIcon />
            <input
              type="search"
              className="search-field__input"
              placeholder={t('search.placeholder')}
              value={query}
              onInput={(event) => setQuery(event.currentTarget.value)}
              enterKeyHint="search"
              autoComplete="off"
              data-autofocus
            />
          </label>
          <div className="search-modal__actions">
            {query && (
              <button type="button" className="button button--ghost" onClick={() => setQuery('')}>
                {t('search.clear')}
              </button>
            )}
            <button type="submit" className="button">
              {t('search.show_results')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
