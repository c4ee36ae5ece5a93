import { useTranslation } from 'react-i18next';
import { useStoreToday } from '../../../lib/live-status';
import { useStore } from '../../../lib/store-context';
import { discountsFromPage, getDiscounts } from '../../../lib/store-api';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useAsync } from '../../../lib/use-async';
import { activeDiscounts, discountText } from '../lib/discount-text';
import './discount-advert.css';

/** The standing pickup and delivery discounts, near the top of the menu; nothing without any. */
export function DiscountAdvert() {
  const { t, i18n } = useTranslation();
  const { storeId } = getRuntimeConfig();
  const store = useStore();
  const discounts = useAsync(() => getDiscounts(storeId), `discounts-${storeId}`, () => discountsFromPage(storeId));
  // The expiry counts in the store's zone; without the store record, in the device's.
  const today = useStoreToday(store.status === 'success' ? store.data.timezone : '');
  if (discounts.status !== 'success' || store.status === 'loading') return null;
  const active = activeDiscounts(discounts.data, today);
  if (active.length === 0) return null;
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <ul className="discount-advert" aria-label={t('discount_advert.label')} data-testid="discount-advert">
      {active.map((discount) => (
        <li key={discount.code} className="discount-advert__item" data-code={discount.code}>
          <span className="discount-advert__icon" aria-hidden="true">
            %
          </span>
          {discountText(discount, language, t)}
        </li>
      ))}
    </ul>
  );
}
