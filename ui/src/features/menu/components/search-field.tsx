import { useTranslation } from 'react-i18next';
import { useMenuSearch } from './search-context';
import { SearchIcon } from './search-icon';

export interface SearchFieldProps {
  /** The narrower field beside the category bar. */
  compact?: boolean;
  /** In the search dialog: focused when it opens, Enter labelled "search". */
  inDialog?: boolean;
}

/** The menu's search input, bound to the shared search query. */
export function SearchField({ compact = false, inDialog = false }: SearchFieldProps) {
  const { t } = useTranslation();
  const { query, setQuery } = useMenuSearch();
  return (
    <label className={compact ? 'search-field search-field--compact' : 'search-field'}>
      <span className="visually-hidden">{t('search.label')}</span>
      <SearchIcon />
      <input
        type="search"
        className="search-field__input"
        placeholder={t('search.placeholder')}
        value={query}
        onInput={(event) => setQuery(event.currentTarget.value)}
        enterKeyHint={inDialog ? 'search' : undefined}
        autoComplete="off"
        data-autofocus={inDialog ? true : undefined}
      />
    </label>
  );
}
