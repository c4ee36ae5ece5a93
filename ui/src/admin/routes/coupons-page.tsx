import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { formatPrice } from '../../lib/format-price';
import { couponBody, getCoupons, updateCoupon, type Coupon } from '../api/coupons-api';
import { AdminPage } from '../components/admin-page';
import { CouponForm } from '../components/coupon-form';
import { Card, FormMessage } from '../components/fields';
import { errorsFromApi } from '../lib/errors';
import { formatDay } from '../lib/order-format';
import { formatDecimalInput } from '../lib/price';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** What a coupon gives: "10 % Rabatt", "5,00 € Rabatt", "Lieferung frei". */
export function couponGives(coupon: Coupon, t: TFunction): string {
  switch (coupon.kind) {
    case 'percent':
      return t('coupons.gives_percent', { percent: formatDecimalInput(coupon.percent) });
    case 'amount':
      return t('coupons.gives_amount', { amount: formatPrice(coupon.amount ?? 0) });
    case 'free_delivery':
      return t('coupons.kinds.free_delivery');
  }
}

/** A coupon's conditions in short: minimum, order type, first order, per customer. */
export function couponTerms(coupon: Coupon, t: TFunction): string {
  const parts = [
    coupon.minimum_order > 0 ? t('coupons.terms_minimum', { amount: formatPrice(coupon.minimum_order) }) : '',
    coupon.order_types === 'both' ? '' : t(`coupons.order_types_options.${coupon.order_types}`),
    coupon.first_order_only ? t('coupons.terms_first') : '',
    coupon.per_customer_limit === null ? '' : t('coupons.terms_per_customer', { count: coupon.per_customer_limit }),
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(', ') : t('coupons.terms_none');
}

/** Its valid dates: "01.12.2026 – 24.12.2026", "ab …", "bis …" or "immer". */
export function couponValidity(coupon: Coupon, t: TFunction): string {
  const { valid_from: from, valid_to: to } = coupon;
  if (from !== null && to !== null) return t('coupons.valid_range', { from: formatDay(from), to: formatDay(to) });
  if (from !== null) return t('coupons.valid_from_only', { from: formatDay(from) });
  if (to !== null) return t('coupons.valid_to_only', { to: formatDay(to) });
  return t('coupons.valid_always');
}

/**
 * /admin/coupons (owner only): the coupon codes customers enter at the checkout, with
 * their uses, the revenue of the orders placed with them and what they took off; a form
 * to make one or change one, and per code a pause and resume.
 */
export function CouponsPage() {
  const { t } = useAdminTranslation();
  const [list, setList] = useState<Coupon[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<number | null>(null);

  const reload = useCallback(
    () =>
      getCoupons().then(
        (coupons) => {
          setList(coupons);
          setLoadFailed(false);
        },
        () => setLoadFailed(true),
      ),
    [],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = (saved: Coupon) =>
    setList((current) => current?.map((coupon) => (coupon.id === saved.id ? saved : coupon)) ?? current);

  const onSaved = (saved: Coupon, created: boolean) => {
    setError(undefined);
    if (created) {
      setList((current) => (current === null ? current : [saved, ...current]));
      setNotice(t('coupons.created', { code: saved.code }));
    } else {
      replace(saved);
      setEditing(null);
      setNotice(t('coupons.saved', { code: saved.code }));
    }
  };

  const togglePause = async (coupon: Coupon) => {
    setBusy(coupon.id);
    setError(undefined);
    setNotice(undefined);
    try {
      const saved = await updateCoupon(coupon.id, { ...couponBody(coupon), paused: !coupon.paused });
      replace(saved);
      setNotice(t(saved.paused ? 'coupons.paused_done' : 'coupons.resumed_done', { code: saved.code }));
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(null);
    }
  };

  const limitText = (limit: number | null) => (limit === null ? t('coupons.unlimited') : String(limit));
  const columns = [
    { label: t('coupons.code'), render: (coupon: Coupon) => <strong className="admin-coupon__code">{coupon.code}</strong> },
    { label: t('coupons.gives'), render: (coupon: Coupon) => couponGives(coupon, t) },
    { label: t('coupons.terms'), render: (coupon: Coupon) => couponTerms(coupon, t) },
    { label: t('coupons.valid'), render: (coupon: Coupon) => couponValidity(coupon, t) },
    {
      label: t('coupons.uses'),
      render: (coupon: Coupon) => t('coupons.uses_of', { uses: coupon.uses, limit: limitText(coupon.total_limit) }),
    },
    { label: t('coupons.revenue'), render: (coupon: Coupon) => formatPrice(coupon.revenue) },
    { label: t('coupons.given'), render: (coupon: Coupon) => formatPrice(coupon.given) },
    {
      label: t('coupons.state'),
      render: (coupon: Coupon) => (
        <span className={`admin-badge admin-badge--${coupon.paused ? 'expired' : 'active'}`} data-testid="coupon-paused">
          {coupon.paused ? t('coupons.state_paused') : t('coupons.state_active')}
        </span>
      ),
    },
  ];

  return (
    <AdminPage title="Coupons" heading={t('coupons.heading')} intro={t('coupons.intro')} needsCatalog={false}>
      <Card title={editing === null ? t('coupons.new') : t('coupons.edit', { code: editing.code })}>
        <CouponForm
          key={editing?.id ?? 'new'}
          coupon={editing}
          onSaved={onSaved}
          onCancel={editing === null ? undefined : () => setEditing(null)}
        />
      </Card>
      <Card title={t('coupons.list')}>
        <FormMessage error={error} success={notice} />
        {list === null && loadFailed && <ErrorMessage text={t('coupons.load_error')} onRetry={() => void reload()} />}
        {list === null && !loadFailed && <LoadingMessage text={t('coupons.loading')} />}
        {list !== null && list.length === 0 && <p className="admin-list__empty">{t('coupons.empty')}</p>}
        {list !== null && list.length > 0 && (
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
                {list.map((coupon) => (
                  <tr key={coupon.id} data-testid="coupon-row" data-coupon-id={coupon.id}>
                    {columns.map((column) => (
                      <td key={column.label} data-label={column.label}>
                        {column.render(coupon)}
                      </td>
                    ))}
                    <td className="admin-table__actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t('coupons.edit', { code: coupon.code })}
                        onClick={() => {
                          setNotice(undefined);
                          setEditing(coupon);
                        }}
                      >
                        {t('list.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t(coupon.paused ? 'coupons.resume_named' : 'coupons.pause_named', { code: coupon.code })}
                        disabled={busy === coupon.id}
                        onClick={() => void togglePause(coupon)}
                      >
                        {coupon.paused ? t('coupons.resume') : t('coupons.pause')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </AdminPage>
  );
}
