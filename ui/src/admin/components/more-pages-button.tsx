import type { MorePages } from '../../lib/use-more-pages';
import { useAdminTranslation } from '../lib/use-admin-translation';

export interface MorePagesButtonProps {
  pages: Omit<MorePages<unknown>, 'items'>;
  /** The button, e.g. "Load older mails". */
  label: string;
  /** Shown above the button when the last page asked for could not be loaded. */
  failedText: string;
}

/** Below a paged admin list: loads the next older page while one may follow. */
export function MorePagesButton({ pages, label, failedText }: MorePagesButtonProps) {
  const { t } = useAdminTranslation();
  if (!pages.hasMore) return null;
  return (
    <div className="admin-more">
      {pages.failed && (
        <p className="admin-message admin-message--error" role="alert">
          {failedText}
        </p>
      )}
      <button type="button" className="button button--small" disabled={pages.loading} onClick={pages.loadMore}>
        {pages.loading ? t('list.loading_more') : label}
      </button>
    </div>
  );
}
