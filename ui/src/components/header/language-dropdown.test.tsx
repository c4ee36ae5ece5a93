import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { LanguageDropdown } from './language-dropdown';

function renderDropdown() {
  return render(
    <I18nextProvider i18n={i18n}>
      <LanguageDropdown />
    </I18nextProvider>,
  );
}

const toggle = () => screen.getByRole('button', { name: /^(Sprache|Language): / });

describe('LanguageDropdown', () => {
  it('shows GER by default and lists both languages when opened', () => {
    renderDropdown();
    expect(toggle()).toHaveTextContent('GER');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(options).toEqual(['GERDeutsch', 'ENGEnglisch']);
    expect(toggle()).toHaveAccessibleName('Sprache: GER');
  });

  it('switches the language to English and persists app_language', async () => {
    renderDropdown();
    fireEvent.click(toggle());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /ENG/ }));
    });

    expect(i18n.resolvedLanguage).toBe('en');
    expect(localStorage.getItem('app_language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(toggle()).toHaveTextContent('ENG');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('closes 150 ms after losing focus', () => {
    vi.useFakeTimers();
    renderDropdown();
    fireEvent.click(toggle());
    expect(screen.getByRole('list')).toBeInTheDocument();

    fireEvent.focusOut(toggle());
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(screen.getByRole('list')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when focus moves to one of its entries', () => {
    vi.useFakeTimers();
    renderDropdown();
    fireEvent.click(toggle());
    const english = screen.getByRole('button', { name: /ENG/ });

    fireEvent.focusOut(toggle(), { relatedTarget: english });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('list')).toBeInTheDocument();
  });
});
