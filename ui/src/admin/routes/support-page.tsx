import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { getSupportMessages } from '../api/inbox-api';
import { AdminPage } from '../components/admin-page';
import { Card } from '../components/fields';
import { InboxList } from '../components/inbox-list';
import { LinkedText } from '../components/linked-text';
import { formatTimestamp, mailtoHref, newestFirst } from '../lib/inbox';
import { useAdminData } from '../lib/use-admin-data';
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
  const { t, i18n } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const messages = useAdminData(getSupportMessages, 'admin-support-messages');
  const when = (message: SupportMessage) => formatTimestamp(message.received_at, i18n.language, timezone);

  return (
    <AdminPage title="Support messages" heading={t('support.heading')} intro={t('support.intro')} needsCatalog={false}>
      <Card>
        {messages.status === 'loading' && <LoadingMessage text={t('support.loading')} />}
        {messages.status === 'error' && <ErrorMessage text={t('support.load_error')} onRetry={messages.reload} />}
        {messages.status === 'success' && (
          <InboxList
            items={newestFirst(messages.data, (message) => message.received_at)}
            idPrefix="support"
            searchText={(message) => `${message.name} ${message.email} ${message.phone} ${message.message}`}
            searchPlaceholder={t('support.search_placeholder')}
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
        )}
      </Card>
    </AdminPage>
  );
}
