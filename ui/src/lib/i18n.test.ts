import { describe, expect, it, vi } from 'vitest';
import i18n, { addTextSources, ERRORS_NAMESPACE, initialLanguage, loadOtherScreenTexts, setLanguage } from './i18n';

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

  it("brings the error sentences along with the other screens' texts", async () => {
    await loadOtherScreenTexts();
    expect(i18n.hasResourceBundle('de', ERRORS_NAMESPACE)).toBe(true);
    expect(i18n.t('sold_out', { ns: ERRORS_NAMESPACE, product: 'Bruschetta' })).toBe('Bruschetta ist ausverkauft.');
  });

  it('fetches only the current language of a namespace, and another one before switching to it', async () => {
    const german = vi.fn(async () => ({ default: { greeting: 'Hallo' } }));
    const english = vi.fn(async () => ({ default: { greeting: 'Hello' } }));
    await addTextSources('i18n-test', { de: german, en: english });
    expect(german).toHaveBeenCalledOnce();
    expect(english).not.toHaveBeenCalled();
    expect(i18n.t('greeting', { ns: 'i18n-test' })).toBe('Hallo');

    const seen: string[] = [];
    const record = () => seen.push(i18n.t('greeting', { ns: 'i18n-test' }));
    i18n.on('languageChanged', record);
    await setLanguage('en');
    i18n.off('languageChanged', record);
    expect(english).toHaveBeenCalledOnce();
    expect(seen).toEqual(['Hello']);

    await setLanguage('de');
    expect(german).toHaveBeenCalledOnce();
  });
});
