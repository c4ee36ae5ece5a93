import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import type { Store } from '../../../lib/api';
import { formatDayMonth, weekdayName, weekdayOf } from '../../../lib/calendar-date';
import { formatPrice } from '../../../lib/format-price';
import { useStoreToday } from '../../../lib/live-status';
import { cleanPhone } from '../../../lib/phone';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getDiscounts, getPostcodes, type PostcodeRecord } from '../../../lib/store-api';
import { useStore } from '../../../lib/store-context';
import { useAsync } from '../../../lib/use-async';
import { activeDiscounts, discountText } from '../lib/discount-text';
import { upcomingClosures, weekHours } from '../lib/week-hours';
import './restaurant-info.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="restaurant-info__section" aria-labelledby={id} data-testid={id}>
      <h3 id={id} className="restaurant-info__heading">
        {title}
      </h3>
      {children}
    </section>
  );
}

function OpeningHours({ store, today }: { store: Store; today: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const days = weekHours(store.store_hours, weekdayOf(today), language);
  const closures = upcomingClosures(store.closures ?? [], today);
  return (
    <Section id="restaurant-info-hours" title={t('restaurant_info.hours')}>
      <table className="restaurant-hours">
        <tbody>
          {days.map(({ day, slots, isToday }) => (
            <tr
              key={day}
              className={isToday ? 'restaurant-hours__day restaurant-hours__day--today' : 'restaurant-hours__day'}
              aria-current={isToday ? 'date' : undefined}
              data-testid="hours-day"
            >
              <th scope="row">
                {weekdayName(day, language)}
                {isToday && <span className="restaurant-hours__today"> ({t('restaurant_info.today')})</span>}
              </th>
              <td>
                {slots.length === 0
                  ? t('restaurant_info.closed')
                  : slots.map((slot) => (
                      <span key={`${slot.open}-${slot.close}`} className="restaurant-hours__slot">
                        {t('restaurant_info.slot', { open: slot.open, close: slot.close })}
                        {slot.label && <span className="restaurant-hours__label"> · {slot.label}</span>}
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {closures.length > 0 && (
        <div className="restaurant-info__closures" data-testid="restaurant-info-closures">
          <p className="restaurant-info__subheading">{t('restaurant_info.closures')}</p>
          <ul>
            {closures.map((closure) => (
              <li key={closure.date}>
                {weekdayName(weekdayOf(closure.date), language)}, {formatDayMonth(closure.date, language, { year: true })}
                {closure.note && <span className="restaurant-hours__label"> · {closure.note}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}

function Contact({ store }: { store: Store }) {
  const { t } = useTranslation();
  if (!store.address_line && !store.phone) return null;
  return (
    <Section id="restaurant-info-contact" title={t('restaurant_info.contact')}>
      {store.address_line && (
        <p className="restaurant-info__line">
          <span className="restaurant-info__key">{t('restaurant_info.address')}</span>
          <span data-testid="restaurant-address">{store.address_line}</span>
        </p>
      )}
      {store.phone && (
        <p className="restaurant-info__line">
          <span className="restaurant-info__key">{t('restaurant_info.phone')}</span>
          <a href={`tel:${cleanPhone(store.phone)}`} data-testid="restaurant-phone">
            {store.phone}
          </a>
        </p>
      )}
    </Section>
  );
}

function byPostcode(a: PostcodeRecord, b: PostcodeRecord): number {
  return a.postcode.localeCompare(b.postcode);
}

function DeliveryAreas() {
  const { t } = useTranslation();
  const { storeId } = getRuntimeConfig();
  const postcodes = useAsync(() => getPostcodes(storeId), `postcodes-${storeId}`);
  return (
    <Section id="restaurant-info-areas" title={t('restaurant_info.delivery_areas')}>
      {postcodes.status === 'loading' && <LoadingMessage text={t('common.loading')} />}
      {postcodes.status === 'error' && (
        <ErrorMessage text={t('restaurant_info.areas_error')} onRetry={postcodes.reload} />
      )}
      {postcodes.status === 'success' &&
        (postcodes.data.length === 0 ? (
          <p>{t('restaurant_info.no_delivery')}</p>
        ) : (
          <ul className="delivery-areas">
            {[...postcodes.data].sort(byPostcode).map((area) => (
              <li key={area.id} className="delivery-areas__item" data-testid="delivery-area" data-postcode={area.postcode}>
                <strong className="delivery-areas__postcode">{area.postcode}</strong>
                <span className="delivery-areas__details">
                  <span>{t('restaurant_info.area_minimum', { price: formatPrice(area.minimum_order_amount) })}</span>
                  <span>
                    {area.delivery_fee > 0
                      ? t('restaurant_info.area_fee', { price: formatPrice(area.delivery_fee) })
                      : t('restaurant_info.area_free')}
                  </span>
                  {area.delivery_time > 0 && (
                    <span>{t('restaurant_info.area_time', { count: area.delivery_time })}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </Section>
  );
}

function Discounts({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const { storeId } = getRuntimeConfig();
  const discounts = useAsync(() => getDiscounts(storeId), `discounts-${storeId}`);
  if (discounts.status !== 'success') return null;
  const active = activeDiscounts(discounts.data, today);
  if (active.length === 0) return null;
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <Section id="restaurant-info-discounts" title={t('restaurant_info.discounts')}>
      <ul className="restaurant-info__discounts">
        {active.map((discount) => (
          <li key={discount.code}>{discountText(discount, language, t)}</li>
        ))}
      </ul>
    </Section>
  );
}

export interface RestaurantInfoModalProps {
  open: boolean;
  onClose: () => void;
}

/** The restaurant at a glance: the week's hours, closures, address and phone, delivery areas, discounts. */
export function RestaurantInfoModal({ open, onClose }: RestaurantInfoModalProps) {
  const { t } = useTranslation();
  const { brand } = getRuntimeConfig();
  const store = useStore();
  const today = useStoreToday(store.status === 'success' ? store.data.timezone : '');
  return (
    <Modal open={open} onClose={onClose} title={t('restaurant_info.title', { brand })} className="restaurant-info">
      {store.status === 'loading' && <LoadingMessage text={t('common.loading')} />}
      {store.status === 'error' && <ErrorMessage text={t('restaurant_info.error')} onRetry={store.reload} />}
      {store.status === 'success' && (
        <>
          <OpeningHours store={store.data} today={today} />
          <Contact store={store.data} />
        </>
      )}
      <DeliveryAreas />
      <Discounts today={today} />
    </Modal>
  );
}
