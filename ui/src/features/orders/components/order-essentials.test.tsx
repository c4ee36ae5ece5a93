import { render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { OrderEssentials, type OrderEssentialsProps } from './order-essentials';

function renderTime(time: OrderEssentialsProps['time']) {
  render(
    <I18nextProvider i18n={i18n}>
      <OrderEssentials orderType="pickup" address={null} time={time} payment="cash" total={{ kind: 'none' }} />
    </I18nextProvider>,
  );
  return screen.getByText((_, element) => element?.tagName === 'DD' && element.previousElementSibling?.textContent === i18n.t('orders.essentials.time'));
}

describe('the order time above the binding button', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it("names today's pre-order by its time only", () => {
    expect(renderTime({ kind: 'preorder', time: '18:30' })).toHaveTextContent(/^Vorbestellt für 18:30 Uhr$/);
  });

  it("names a later day's pre-order with its weekday and date", () => {
    expect(renderTime({ kind: 'preorder', time: '12:00', date: '2026-12-03' })).toHaveTextContent(
      /^Vorbestellt für Do\., 3\. Dez\., 12:00 Uhr$/,
    );
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    expect(renderTime({ kind: 'preorder', time: '12:00', date: '2026-12-03' })).toHaveTextContent(/^Pre-order for Thu 3 Dec, 12:00$/);
  });
});
