import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { ADMIN_NAMESPACE, adminTextsLoaded } from '../i18n';
import type { Readiness, ReadinessFinding } from '../types';
import { findingText, readinessState } from './readiness-checklist';

const finding = (code: string, subject: Partial<ReadinessFinding['subject']>): ReadinessFinding => ({
  code,
  key: `${code}:x`,
  severity: 'error',
  subject: { kind: 'product', id: 12, name: null, key: null, ...subject },
  link: null,
  detail: `English detail of ${code}`,
  confirmed: false,
});

describe('readiness findings in the admin language', () => {
  beforeEach(async () => {
    await adminTextsLoaded;
    await i18n.changeLanguage('de');
  });

  it('names the product or topping whose allergens are missing, and that it is not sold until labelled', () => {
    const t = i18n.getFixedT('de', ADMIN_NAMESPACE);
    expect(findingText(finding('allergens_missing', { kind: 'product', name: 'Focaccia' }), t)).toBe(
      'Produkt „Focaccia“: Allergene und Zusatzstoffe sind nicht gekennzeichnet; es wird erst verkauft, wenn es gekennzeichnet ist.',
    );
    expect(findingText(finding('allergens_missing', { kind: 'topping', name: 'Rucola' }), t)).toBe(
      'Belag „Rucola“: Allergene und Zusatzstoffe sind nicht gekennzeichnet; er wird erst angeboten, wenn er gekennzeichnet ist.',
    );
    const en = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(finding('allergens_missing', { kind: 'product', name: 'Focaccia' }), en)).toBe(
      'Product “Focaccia”: allergens and additives are not labelled; it is not sold until it is.',
    );
    expect(findingText(finding('privacy_missing', { kind: 'setting', key: 'privacy_text' }), en)).toBe(
      'The privacy policy is empty.',
    );
  });

  it('says in both languages that the terms or the withdrawal information are empty', () => {
    const terms = finding('terms_missing', { kind: 'setting', key: 'terms_text' });
    const withdrawal = finding('withdrawal_missing', { kind: 'setting', key: 'withdrawal_text' });
    const de = i18n.getFixedT('de', ADMIN_NAMESPACE);
    expect(findingText(terms, de)).toBe('Die AGB sind leer.');
    expect(findingText(withdrawal, de)).toBe('Die Widerrufsbelehrung ist leer.');
    const en = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(terms, en)).toBe('The terms (AGB) are empty.');
    expect(findingText(withdrawal, en)).toBe('The withdrawal information is empty.');
  });

  it('words the fiscal findings in both languages', () => {
    const fiscal = (code: string) => finding(code, { kind: 'fiscal', id: null, key: 'mode' });
    const de = i18n.getFixedT('de', ADMIN_NAMESPACE);
    expect(findingText(fiscal('fiscal_mode_missing'), de)).toBe(
      'Kein Fiskalmodus gewählt: Legen Sie fest, wie das Bargeld des Shops für das Finanzamt erfasst wird (Cloud-TSE, eigene zertifizierte Kasse oder gar kein Bargeld).',
    );
    expect(findingText(fiscal('fiscal_pos_unconfirmed'), de)).toBe(
      'Der Fiskalmodus ist „Eigene zertifizierte Kasse“, aber niemand hat bestätigt, dass jede Barzahlung dort gebucht wird.',
    );
    const en = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(fiscal('fiscal_no_payment'), en)).toBe(
      'The fiscal mode is “No cash”, but online payment is off (no PayPal in the configuration file): customers could not pay at all.',
    );
    expect(findingText(fiscal('fiscal_mode_missing'), en)).toMatch(/^No fiscal mode is chosen:/);
  });

  it('words the cloud TSE findings in both languages: the credentials to configure, the TSE to set up', () => {
    const credentials = finding('fiscal_tse_credentials_missing', { kind: 'config', id: null, key: 'fiscal.tse_api_key' });
    const notSetUp = finding('fiscal_tse_not_set_up', { kind: 'fiscal', id: null, key: 'mode' });
    const de = i18n.getFixedT('de', ADMIN_NAMESPACE);
    expect(findingText(credentials, de)).toBe(
      'Der Fiskalmodus ist „Cloud-TSE (fiskaly)“, aber API-Key oder Secret der TSE fehlen: Tragen Sie fiscal.tse_api_key und fiscal.tse_api_secret in die Konfigurationsdatei ein und starten Sie den Shop neu.',
    );
    expect(findingText(notSetUp, de)).toBe(
      'Der Fiskalmodus ist „Cloud-TSE (fiskaly)“, aber die TSE ist noch nicht eingerichtet: Richten Sie sie auf der Seite Fiskalmodus ein.',
    );
    const en = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(credentials, en)).toBe(
      "The fiscal mode is “Cloud TSE (fiskaly)”, but the TSE's API key or secret is missing: set fiscal.tse_api_key and fiscal.tse_api_secret in the configuration file and restart the shop.",
    );
    expect(findingText(notSetUp, en)).toBe(
      'The fiscal mode is “Cloud TSE (fiskaly)”, but the TSE is not set up yet: set it up on the Fiscal page.',
    );
    expect(findingText(notSetUp, en)).not.toContain('English detail');
  });

  it('names in both languages the product with a deposit whose unit price is missing (no net content)', () => {
    const water = { ...finding('unit_price_missing', { kind: 'product', name: 'Mineralwasser' }), severity: 'warning' as const };
    const de = i18n.getFixedT('de', ADMIN_NAMESPACE);
    expect(findingText(water, de)).toBe(
      'Produkt „Mineralwasser“ hat Pfand, aber keine Füllmenge: Ohne sie zeigt der Shop keinen Grundpreis (je Liter oder Kilogramm), wie ihn die Preisangabenverordnung für Getränke verlangt. Tragen Sie die Füllmenge (z. B. 0,33 l) beim Produkt oder bei jeder seiner Varianten ein.',
    );
    const en = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(water, en)).toBe(
      'Product “Mineralwasser” has a deposit but no net content: without it the shop shows no unit price (per litre or kilogram), which German price labelling (PAngV) requires for drinks. Enter the content (e.g. 0,33 l) on the product or on each of its variants.',
    );
    expect(findingText(water, en)).not.toContain('English detail');
  });

  it('shows the server text for a code this UI does not know yet', () => {
    const t = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(finding('something_new', {}), t)).toBe('English detail of something_new');
  });
});

describe('what the readiness list means for the shop', () => {
  const hidden = { ...finding('allergens_missing', { name: 'Focaccia' }), severity: 'hidden' as const };
  const blocking = finding('impressum_hidden', { kind: 'setting', key: 'show_impressum' });
  const readiness = (findings: ReadinessFinding[], ready: boolean): Readiness => ({ ready, findings, confirmation: null });

  it('is ready without findings, and open when only unlabelled items are listed', () => {
    expect(readinessState(readiness([], true))).toBe('ready');
    expect(readinessState(readiness([hidden], true))).toBe('hidden_only');
    expect(readinessState(readiness([hidden, { ...hidden, key: 'allergens_missing:topping:3' }], true))).toBe('hidden_only');
  });

  it('is blocked by an error or a warning until the owner confirms it', () => {
    expect(readinessState(readiness([blocking, hidden], false))).toBe('blocked');
    expect(readinessState(readiness([{ ...blocking, severity: 'warning' }], false))).toBe('blocked');
    expect(readinessState(readiness([{ ...blocking, confirmed: true }, hidden], true))).toBe('open_with_warnings');
  });
});
