import { render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { AgeNotice } from './age-notice';

const renderNotice = (age: number | null | undefined) =>
  render(
    <I18nextProvider i18n={i18n}>
      <AgeNotice age={age} />
    </I18nextProvider>,
  );

describe('AgeNotice', () => {
  it('names the minimum age in German and English', async () => {
    renderNotice(16);
    expect(screen.getByTestId('age-notice')).toHaveTextContent('Abgabe nur an Personen ab 16 Jahren');
    await i18n.changeLanguage('en');
    renderNotice(18);
    expect(screen.getAllByTestId('age-notice')[1]).toHaveTextContent('Sold only to persons aged 18 or over');
  });

  it('shows nothing for products without a minimum age', () => {
    renderNotice(null);
    renderNotice(undefined);
    renderNotice(12);
    expect(screen.queryByTestId('age-notice')).toBeNull();
  });
});
