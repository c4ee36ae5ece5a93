import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nextOpeningIn, nextOpeningSentence } from '../lib/next-opening';
import { useStoreStatus, type LiveStoreStatus, type UseStoreStatusOptions } from './use-store-status';
import './store-status.css';

/** What the banner's action (the pre-order button) is told about the closed store. */
export interface ClosedState {
  reason: string;
  /** RFC 3339 UTC, if the server named the next opening. */
  nextOpening: string | null;
}

export interface ClosedBannerProps extends UseStoreStatusOptions {
  /** Shown inside the banner, e.g. the pre-order button; mounted anew when the state changes. */
  action?: (state: ClosedState) => ReactNode;
}

function useReasonText() {
  const { t } = useTranslation();
  return (status: LiveStoreStatus, reason: string): string => {
    switch (reason) {
      case 'auto_paused':
        return t('store_status.auto_paused', { count: status.autoPausedAfter ?? 0 });
      case 'paused':
      case 'clock_untrusted':
      case 'not_ready':
        return t(`store_status.${reason}`);
      case 'closure':
        return t('store_status.closed_for_today');
      default:
        return t('closed_banner.outside_hours');
    }
  };
}

/** The closed banner itself, for a store that is closed (`status.closedReason` set). */
function ClosedBannerBody({ status, action }: { status: LiveStoreStatus; action: ClosedBannerProps['action'] }) {
  const { t, i18n } = useTranslation();
  const reasonText = useReasonText();
  const reason = status.closedReason ?? 'outside_hours';
  const opening = nextOpeningIn(status.nextOpening, status.timezone, status.localTime);
  const state: ClosedState = { reason, nextOpening: opening ? status.nextOpening : null };
  return (
    <section className="closed-banner" data-testid="closed-banner" data-reason={reason} aria-labelledby="closed-banner-title">
      <div className="closed-banner__text" role="status">
        <h2 id="closed-banner-title" className="closed-banner__title">
          {t('closed_banner.title')}
        </h2>
        <p className="closed-banner__reason">{reasonText(status, reason)}</p>
        {opening && (
          <p className="closed-banner__opening" data-testid="next-opening">
            {nextOpeningSentence(opening, i18n.resolvedLanguage ?? 'de', t)}
          </p>
        )}
      </div>
      {action?.(state)}
    </section>
  );
}

/**
 * At the top of the menu page while the store does not take orders for now: why, and
 * when it opens again (in the store's zone). Follows the live status, so a pause or
 * resume in the admin shows without a reload.
 */
export function ClosedBanner({ action, ...options }: ClosedBannerProps) {
  const status = useStoreStatus(options);
  if (status === null || status.isOpen || status.failed || status.closedReason === null) return null;
  return <ClosedBannerBody status={status} action={action} />;
}
