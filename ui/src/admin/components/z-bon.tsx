import { Link } from 'react-router-dom';
import { closedByText, formatCents, formatVatRate } from '../lib/closings';
import { formatDateTime } from '../lib/order-format';
import { formatDayWithWeekday } from '../lib/revenue-figures';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { DailyClosing } from '../types';

export interface ZBonShop {
  /** The shop's name as customers see it. */
  brand: string;
  /** The company and its address, as the Impressum names them; empty when not set. */
  company: string;
  address: string;
}

/**
 * One daily closing laid out as a Z-Bon: the shop, the number, the business day, who
 * closed it and when, the orders and cancellations, gross, net and VAT per rate and in
 * total, cash and online, the tips paid online (outside the gross), and the orders the
 * TSE could not sign. Shown on screen and,
 * without the admin frame around it, printed (see admin.css).
 */
export function ZBon({ closing, shop, timezone }: { closing: DailyClosing; shop: ZBonShop; timezone: string }) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'de';
  const facts = [
    { label: t('closings.zbon.business_date'), value: formatDayWithWeekday(closing.business_date, language) },
    { label: t('closings.zbon.closed_at'), value: formatDateTime(closing.closed_at, timezone) },
    { label: t('closings.zbon.closed_by'), value: closedByText(closing, t) },
    { label: t('closings.zbon.orders'), value: String(closing.orders) },
    { label: t('closings.zbon.cancelled'), value: String(closing.cancelled) },
  ];
  const payments = [
    { label: t('closings.zbon.cash'), value: formatCents(closing.cash_cents) },
    { label: t('closings.zbon.online'), value: formatCents(closing.online_cents) },
    { label: t('closings.zbon.deposit'), value: formatCents(closing.deposit_cents) },
  ];
  // Paid online with the orders but outside the gross: its own line under the payments.
  const tips = { label: t('closings.zbon.tips'), value: formatCents(closing.tip_cents) };

  return (
    <article className="admin-zbon" data-testid="z-bon" aria-labelledby="z-bon-number">
      <header className="admin-zbon__shop">
        <p className="admin-zbon__brand">{shop.brand}</p>
        {shop.company !== '' && <p>{shop.company}</p>}
        {shop.address !== '' && <p>{shop.address}</p>}
      </header>
      <h2 id="z-bon-number" className="admin-zbon__number">
        {t('closings.zbon.number', { number: closing.number })}
      </h2>
      <dl className="admin-zbon__facts" data-testid="z-bon-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <table className="admin-zbon__vat">
        <caption>{t('closings.zbon.vat_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('closings.zbon.rate')}</th>
            <th scope="col" className="admin-num">
              {t('closings.zbon.gross')}
            </th>
            <th scope="col" className="admin-num">
              {t('closings.zbon.net')}
            </th>
            <th scope="col" className="admin-num">
              {t('closings.zbon.vat')}
            </th>
          </tr>
        </thead>
        <tbody>
          {closing.vat.map((line) => (
            <tr key={line.rate_basis_points}>
              <th scope="row">{formatVatRate(line.rate_basis_points)}</th>
              <td className="admin-num">{formatCents(line.gross_cents)}</td>
              <td className="admin-num">{formatCents(line.net_cents)}</td>
              <td className="admin-num">{formatCents(line.vat_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('closings.zbon.total')}</th>
            <td className="admin-num">{formatCents(closing.gross_cents)}</td>
            <td className="admin-num">{formatCents(closing.net_cents)}</td>
            <td className="admin-num">{formatCents(closing.vat_cents)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="admin-zbon__facts" data-testid="z-bon-payments">
        {payments.map((payment) => (
          <div key={payment.label}>
            <dt>{payment.label}</dt>
            <dd className="admin-num">{payment.value}</dd>
          </div>
        ))}
        <div className="admin-zbon__tips">
          <dt>{tips.label}</dt>
          <dd className="admin-num" data-testid="z-bon-tips">
            {tips.value}
          </dd>
        </div>
      </dl>
      {closing.unsigned_orders.length > 0 && (
        <section className="admin-zbon__unsigned" data-testid="z-bon-unsigned">
          <h3>{t('closings.zbon.unsigned', { count: closing.unsigned_orders.length })}</h3>
          <ul>
            {closing.unsigned_orders.map((id) => (
              <li key={id}>
                <Link to={`/admin/orders/${id}`}>{t('closings.zbon.order', { id })}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
