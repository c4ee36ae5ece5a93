import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { olderPageById, pageById } from '../../lib/paged-list';
import { getSupportMessages, SUPPORT_MESSAGES_PAGE_SIZE } from '../api/inbox-api';
import { AdminPage } from '../components/admin-page';
import { Card } from '../components/fields';
import { InboxList } from '../components/inbox-list';
import { LinkedText } from '../components/linked-text';
import { MorePagesButton } from '../components/more-pages-button';
import { formatTimestamp, mailtoHref, newestFirst } from '../lib/inbox';
import { useAdminData, useAdminMorePages } from '../lib/use-admin-data';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { SupportMessage } from '../types';

/** The first line of a message, cut to a preview length. */
function preview(message: string): string {
  const line = message.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** /admin/support: what visitors sent with the contact form. */
export function SupportPage() {
  const { t } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const messages = useAdminData(() => getSupportMessages(), 'admin-support-messages');

  return (
    <AdminPage title="Support messages" heading={t('support.heading')} intro={t('support.intro')} needsCatalog={false}>
      <Card>
        {messages.status === 'loading' && <LoadingMessage text={t('support.loading')} />}
        {messages.status === 'error' && <ErrorMessage text={t('support.load_error')} onRetry={messages.reload} />}
        {messages.status === 'success' && <SupportMessages first={messages.data} timezone={timezone} />}
      </Card>
    </AdminPage>
  );
}

/** The newest page of contact messages and the older ones loaded on request. */
function SupportMessages({ first, timezone }: { first: SupportMessage[]; timezone: string }) {
  const { t, i18n } = useAdminTranslation();
  const pages = useAdminMorePages(
    pageById(first, SUPPORT_MESSAGES_PAGE_SIZE),
    olderPageById(getSupportMessages, SUPPORT_MESSAGES_PAGE_SIZE),
  );
  const when = (message: SupportMessage) => formatTimestamp(message.received_at, i18n.language, timezone);

  return (
    <>
      <InboxList
        items={newestFirst(pages.items, (message) => message.received_at)}
        idPrefix="support"
        searchText={(message) => `${message.name} ${message.email} ${message.phone} ${message.message}`}
        searchPlaceholder={t('support.search_placeholder')}
        searchHint={pages.hasMore ? t('support.search_hint') : undefined}
        emptyText={t('support.empty')}
        describe={(message) => t('support.describe', { name: message.name || message.email })}
        summary={(message) => (
          <>
            <span className="admin-inbox__title">{message.name || t('support.no_name')}</span>
            <span className="admin-inbox__meta">
              <a href={mailtoHref(message.email)}>{message.email}</a>
              {message.phone && <span>{message.phone}</span>}
              <time dateTime={new Date(message.received_at * 1000).toISOString()}>{when(message)}</time>
            </span>
            <span className="admin-inbox__preview">{preview(message.message)}</span>
          </>
        )}
        detail={(message) => (
          <>
            <LinkedText text={message.message} />
            <a className="button button--small" href={mailtoHref(message.email)}>
              {t('support.reply', { email: message.email })}
            </a>
          </>
        )}
      />
      <MorePagesButton pages={pages} label={t('support.more')} failedText={t('support.more_error')} />
    </>
  );
}
