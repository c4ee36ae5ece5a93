import { describe, expect, it } from 'vitest';
import i18n, { initialLanguage, setLanguage } from './i18n';

describe('i18n', () => {
  it('starts in the configured default language when nothing is stored', () => {
    expect(initialLanguage()).toBe('de');
  });

  it('restores the stored app_language', () => {
    localStorage.setItem('app_language', 'en');
    expect(initialLanguage()).toBe('en');
  });

  it('ignores a stored language it does not support', () => {
    localStorage.setItem('app_language', 'fr');
    expect(initialLanguage()).toBe('de');
  });

  it('setLanguage switches, persists and updates <html lang>', async () => {
    await setLanguage('en');
    expect(i18n.t('header.login')).toBe('Login');
    expect(localStorage.getItem('app_language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await setLanguage('de');
    expect(i18n.t('header.login')).toBe('Anmelden');
  });
});
