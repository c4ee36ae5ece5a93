import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { OrderSettingsProvider, useOrderSettings } from '../../../lib/order-settings';
import { OrderTypeSwitch } from './order-type-switch';

function Current() {
  return <p data-testid="order-type">{useOrderSettings().orderType}</p>;
}

function renderSwitch() {
  return render(
    <I18nextProvider i18n={i18n}>
      <OrderSettingsProvider>
        <OrderTypeSwitch />
        <Current />
      </OrderSettingsProvider>
    </I18nextProvider>,
  );
}

describe('OrderTypeSwitch', () => {
  it('starts with delivery', () => {
    renderSwitch();
    expect(screen.getByRole('button', { name: 'Lieferung' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Abholung' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('order-type')).toHaveTextContent('delivery');
  });

  it('keeps the choice in order_type and restores it on start', async () => {
    const first = renderSwitch();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Abholung' }));
    });
    expect(localStorage.getItem('order_type')).toBe('pickup');
    expect(screen.getByTestId('order-type')).toHaveTextContent('pickup');
    first.unmount();

    renderSwitch();
    expect(screen.getByRole('button', { name: 'Abholung' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('order_type', 'drone');
    renderSwitch();
    expect(screen.getByTestId('order-type')).toHaveTextContent('delivery');
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    renderSwitch();
    expect(screen.getByRole('group', { name: 'Order type' })).toHaveTextContent('DeliveryPickup');
  });
});
