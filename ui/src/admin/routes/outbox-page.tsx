import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { olderPageById, pageById } from '../../lib/paged-list';
import { getOutbox, OUTBOX_PAGE_SIZE } from '../api/inbox-api';
import { AdminPage } from '../components/admin-page';
import { Card } from '../components/fields';
import { InboxList } from '../components/inbox-list';
import { LinkedText } from '../components/linked-text';
import { MorePagesButton } from '../components/more-pages-button';
import { formatTimestamp, newestFirst } from '../lib/inbox';
import { useAdminData, useAdminMorePages } from '../lib/use-admin-data';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { OutboxMail } from '../types';

/** /admin/outbox: mails the server kept because it has no SMTP server, e.g. password reset links. */
export function OutboxPage() {
  const { t } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const outbox = useAdminData(() => getOutbox(), 'admin-outbox');

  return (
    <AdminPage title="Outbox" heading={t('outbox.heading')} intro={t('outbox.intro')} needsCatalog={false}>
      <Card>
        <p className="admin-inbox__explain">{t('outbox.explain')}</p>
        {outbox.status === 'loading' && <LoadingMessage text={t('outbox.loading')} />}
        {outbox.status === 'error' && <ErrorMessage text={t('outbox.load_error')} onRetry={outbox.reload} />}
        {outbox.status === 'success' && <OutboxMails first={outbox.data} timezone={timezone} />}
      </Card>
    </AdminPage>
  );
}

/** The newest page of kept mails and the older ones loaded on request. */
function OutboxMails({ first, timezone }: { first: OutboxMail[]; timezone: string }) {
  const { t, i18n } = useAdminTranslation();
  const pages = useAdminMorePages(pageById(first, OUTBOX_PAGE_SIZE), olderPageById(getOutbox, OUTBOX_PAGE_SIZE));
  const when = (mail: OutboxMail) => formatTimestamp(mail.created_at, i18n.language, timezone);

  return (
    <>
      <InboxList
        items={newestFirst(pages.items, (mail) => mail.created_at)}
        idPrefix="outbox"
        searchText={(mail) => `${mail.to} ${mail.subject} ${mail.body}`}
        searchPlaceholder={t('outbox.search_placeholder')}
        searchHint={pages.hasMore ? t('outbox.search_hint') : undefined}
        emptyText={t('outbox.empty')}
        describe={(mail) => t('outbox.describe', { subject: mail.subject, to: mail.to })}
        summary={(mail) => (
          <>
            <span className="admin-inbox__title">{mail.subject}</span>
            <span className="admin-inbox__meta">
              <span>
                {t('outbox.to')} {mail.to}
              </span>
              <time dateTime={new Date(mail.created_at * 1000).toISOString()}>{when(mail)}</time>
            </span>
          </>
        )}
        detail={(mail) => <LinkedText text={mail.body} />}
      />
      <MorePagesButton pages={pages} label={t('outbox.more')} failedText={t('outbox.more_error')} />
    </>
  );
}
