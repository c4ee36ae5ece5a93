import { useEffect, useState } from 'react';
import { formatPrice } from '../../lib/format-price';
import { findCallers, type Caller } from '../api/customers-api';
import { formatDate } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';

/** Digits typed before the shop is asked who calls: fewer would match half the customers. */
export const CALLER_DIGITS = 4;

/** How long the typing rests before the shop is asked. */
export const CALLER_DELAY_MS = 300;

/**
 * While the staff type the caller's number: the customers whose number begins so (at
 * most five), each with their last delivery address and their last order, to take over
 * with one click ("Use address", "Repeat last order").
 */
export function PhoneOrderCallers({
  phone,
  canRepeat,
  onUse,
  onRepeat,
}: {
  phone: string;
  /** The menu is loaded: the last order can be taken again. */
  canRepeat: boolean;
  onUse: (caller: Caller) => void;
  onRepeat: (caller: Caller) => void;
}) {
  const { t } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const [found, setFound] = useState<{ phone: string; callers: Caller[] } | null>(null);
  const digits = phone.replace(/\D/g, '').length;

  useEffect(() => {
    if (digits < CALLER_DIGITS) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      findCallers(phone.trim()).then(
        (callers) => {
          if (current) setFound({ phone, callers });
        },
        // The lookup is a help: the order is taken without it.
        () => {
          if (current) setFound(null);
        },
      );
    }, CALLER_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [phone, digits]);

  if (digits < CALLER_DIGITS || found === null || found.phone !== phone || found.callers.length === 0) return null;
  return (
    <div className="admin-phone-order__callers" role="region" aria-label={t('phone_order.callers')} data-testid="phone-callers">
      <p className="admin-field__hint">{t('phone_order.callers_hint')}</p>
      <ul>
        {found.callers.map((caller) => {
          const { customer } = caller;
          const address = customer.address;
          const last = caller.last_order;
          return (
            <li key={customer.id} className="admin-phone-order__caller">
              <span>
                <strong>{customer.name}</strong> · {customer.phone}
                {address && ` · ${address.line1}, ${address.zip} ${address.city}`.trimEnd()}
              </span>
              {last && (
                <span className="admin-field__hint">
                  {t('phone_order.last_order', {
                    number: last.number,
                    date: formatDate(last.created_at, timezone),
                    total: formatPrice(last.total),
                  })}
                </span>
              )}
              <span className="admin-phone-order__caller-actions">
                <button type="button" className="button button--small button--ghost" onClick={() => onUse(caller)}>
                  {address ? t('phone_order.use_address') : t('phone_order.use_name')}
                </button>
                {last && last.lines.length > 0 && (
                  <button type="button" className="button button--small button--ghost" disabled={!canRepeat} onClick={() => onRepeat(caller)}>
                    {t('phone_order.repeat')}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
