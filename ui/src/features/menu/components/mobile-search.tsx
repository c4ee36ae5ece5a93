import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { lazyModal } from '../../../components/modal/lazy-modal';
import { useMenuSearch } from './search-context';
import { SearchIcon } from './search-icon';
import './menu.css';

const SearchModal = lazyModal(async () => (await import('./search-modal')).SearchModal);

/** Header search button for mobile viewports; the modal filters the menu as you type. */
export function MobileSearch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { query } = useMenuSearch();
  const [open, setOpen] = useState(false);
  // Only the menu page has something to search.
  if (pathname !== '/') return null;

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
      <SearchModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
