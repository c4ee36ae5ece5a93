import { Fragment, useCallback, useEffect, useState } from 'react';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { useAuth } from '../../lib/auth';
import { deleteAccount, getAccounts, type RestaurantAccount } from '../api/accounts-api';
import { AccountForm } from '../components/account-form';
import { AccountPasswordForm } from '../components/account-password-form';
import { AdminPage } from '../components/admin-page';
import { Card, FormMessage } from '../components/fields';
import { errorsFromApi } from '../lib/errors';
import { formatDate } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';
import { ConfirmDelete } from '../components/confirm-delete';

/**
 * /admin/accounts (owner only): who may sign in to the admin area, a form for a new
 * owner or staff account, and per account a new password or its deletion. The signed-in
 * owner's own account is neither: the server leaves that to another owner.
 */
export function AccountsPage() {
  const { t } = useAdminTranslation();
  const [list, setList] = useState<RestaurantAccount[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const reload = useCallback(
    () =>
      getAccounts().then(
        (accounts) => {
          setList(accounts);
          setLoadFailed(false);
        },
        () => setLoadFailed(true),
      ),
    [],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <AdminPage title="Accounts" heading={t('accounts.heading')} intro={t('accounts.intro')} needsCatalog={false}>
      <Card title={t('accounts.new')}>
        <AccountForm onCreated={(account) => setList((current) => (current === null ? current : [...current, account]))} />
      </Card>
      <Card title={t('accounts.list')}>
        {list === null && loadFailed && <ErrorMessage text={t('accounts.load_error')} onRetry={() => void reload()} />}
        {list === null && !loadFailed && <LoadingMessage text={t('accounts.loading')} />}
        {list !== null && (
          <AccountList
            accounts={list}
            onDeleted={(id) => setList((current) => current?.filter((account) => account.id !== id) ?? current)}
          />
        )}
      </Card>
    </AdminPage>
  );
}

type Open = { id: number; kind: 'password' | 'delete' } | null;

function AccountList({ accounts, onDeleted }: { accounts: readonly RestaurantAccount[]; onDeleted: (id: number) => void }) {
  const { t } = useAdminTranslation();
  const { user } = useAuth();
  const timezone = storeTimezone(useAdminStore());
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();

  const start = (id: number, kind: 'password' | 'delete') => {
    setError(undefined);
    setNotice(undefined);
    setOpen({ id, kind });
  };

  const remove = async (account: RestaurantAccount) => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteAccount(account.id);
      setOpen(null);
      setNotice(t('accounts.deleted', { name: account.name }));
      onDeleted(account.id);
    } catch (failure) {
      setOpen(null);
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    { label: t('accounts.name'), render: (account: RestaurantAccount) => nameCell(account, account.id === user?.id, t('accounts.you')) },
    { label: t('accounts.email'), render: (account: RestaurantAccount) => account.email },
    { label: t('accounts.role'), render: (account: RestaurantAccount) => t(`roles.${account.role}`) },
    { label: t('accounts.since'), render: (account: RestaurantAccount) => formatDate(account.created_at, timezone) },
  ];

  return (
    <div className="admin-list">
      <FormMessage error={error} success={notice} />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
              <th scope="col" className="admin-table__actions">
                <span className="visually-hidden">{t('list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => {
              const own = account.id === user?.id;
              const opened = open?.id === account.id ? open.kind : null;
              return (
                <Fragment key={account.id}>
                  <tr data-testid="account-row" data-account-id={account.id} data-own={own}>
                    {columns.map((column) => (
                      <td key={column.label} data-label={column.label}>
                        {column.render(account)}
                      </td>
                    ))}
                    <td className="admin-table__actions">
                      {opened === 'delete' ? (
                        <ConfirmDelete
                          name={account.name}
                          busy={busy}
                          onConfirm={() => void remove(account)}
                          onCancel={() => setOpen(null)}
                        />
                      ) : (
                        !own && (
                          <>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              aria-label={t('accounts.set_password_named', { name: account.name })}
                              aria-expanded={opened === 'password'}
                              onClick={() => start(account.id, 'password')}
                            >
                              {t('accounts.set_password')}
                            </button>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              aria-label={t('list.delete_named', { name: account.name })}
                              onClick={() => start(account.id, 'delete')}
                            >
                              {t('list.delete')}
                            </button>
                          </>
                        )
                      )}
                    </td>
                  </tr>
                  {opened === 'password' && (
                    <tr className="admin-account-password__row">
                      <td colSpan={columns.length + 1}>
                        <AccountPasswordForm
                          account={account}
                          onCancel={() => setOpen(null)}
                          onDone={(saved) => {
                            setOpen(null);
                            setNotice(t('accounts.password_set', { name: saved.name }));
                          }}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function nameCell(account: RestaurantAccount, own: boolean, you: string) {
  return own ? (
    <>
      {account.name} <span className="admin-account__you">{you}</span>
    </>
  ) : (
    account.name
  );
}
