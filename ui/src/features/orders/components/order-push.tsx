import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPushKey, followOrder, pushSupported, unfollowOrder } from '../../../lib/web-push';

/** Where this browser keeps which orders it follows by push: status token → endpoint. */
export const ORDER_PUSH_STORAGE_KEY = 'order_push';
/** How many followed orders are remembered (the oldest is forgotten first). */
const REMEMBERED = 20;

function followed(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ORDER_PUSH_STORAGE_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function remember(token: string, endpoint: string | null): void {
  const entries = Object.entries(followed()).filter(([known]) => known !== token);
  if (endpoint !== null) entries.push([token, endpoint]);
  try {
    localStorage.setItem(ORDER_PUSH_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries.slice(-REMEMBERED))));
  } catch {
    // Private mode without storage: the page forgets after a reload.
  }
}

type PushState = 'checking' | 'hidden' | 'off' | 'working' | 'on' | 'denied' | 'failed';

/**
 * "Benachrichtigen, wenn sich etwas tut": the customer's browser follows the order by
 * Web Push (answer with the time, ready or on its way, rejection, cancellation), also
 * while the page is closed. Shown only where the browser can receive push and the shop
 * sends it.
 */
export function OrderPush({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<PushState>(() => (pushSupported() ? 'checking' : 'hidden'));
  const endpoint = followed()[token];

  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    fetchPushKey()
      .then((key) => {
        if (!live) return;
        if (key === null) setState('hidden');
        else if (Notification.permission === 'denied') setState('denied');
        else setState(endpoint !== undefined && Notification.permission === 'granted' ? 'on' : 'off');
      })
      .catch(() => live && setState('hidden'));
    return () => {
      live = false;
    };
  }, [state, endpoint]);

  if (state === 'checking' || state === 'hidden') return null;

  const switchOn = async () => {
    setState('working');
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setState('denied');
        return;
      }
      const followedWith = await followOrder(token, i18n.language);
      if (followedWith === null) {
        setState('hidden');
        return;
      }
      remember(token, followedWith);
      setState('on');
    } catch (error) {
      console.error('Following the order by push failed', error);
      setState('failed');
    }
  };

  const switchOff = async () => {
    setState('working');
    try {
      if (endpoint !== undefined) await unfollowOrder(token, endpoint);
    } catch (error) {
      console.error('Unfollowing the order failed', error);
    }
    remember(token, null);
    setState('off');
  };

  return (
    <section className="order-card order-push" data-testid="order-push" aria-live="polite">
      {state === 'on' ? (
        <p>
          {t('orders.status_page.push.on')}{' '}
          <button type="button" className="button button--link" onClick={() => void switchOff()}>
            {t('orders.status_page.push.switch_off')}
          </button>
        </p>
      ) : state === 'denied' ? (
        <p>{t('orders.status_page.push.denied')}</p>
      ) : (
        <>
          <button type="button" className="button" disabled={state === 'working'} onClick={() => void switchOn()}>
            {t('orders.status_page.push.switch_on')}
          </button>
          {state === 'failed' && <p role="alert">{t('orders.status_page.push.failed')}</p>}
        </>
      )}
    </section>
  );
}

export default OrderPush;
