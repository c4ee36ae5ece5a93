import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useMenuSearch } from './search-context';
import { SearchField } from './search-field';
import './menu.css';

export interface SearchModalProps {
  open: boolean;
  onClose: () => void;
}

/** The mobile search dialog: filters the menu as you type. */
export function SearchModal({ open, onClose }: SearchModalProps) {
  const { t } = useTranslation();
  const { query, setQuery } = useMenuSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onClose();
  };

  return (
    <Modal open={open} onClose={onClose} title={t('search.title')} size="sm" className="search-modal">
      <form role="search" onSubmit={submit} className="search-modal__form">
        <SearchField inDialog />
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
  );
}
