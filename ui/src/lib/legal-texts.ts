import type { Store } from './api';
import { localized } from './localized';

/** Where the storefront shows the terms, and the withdrawal information below them. */
export const TERMS_PATH = '/terms';
/** The id of the withdrawal information's section on the terms page. */
export const WITHDRAWAL_ID = 'withdrawal';
export const WITHDRAWAL_PATH = `${TERMS_PATH}#${WITHDRAWAL_ID}`;

export interface TermsTexts {
  terms: string;
  withdrawal: string;
}

/**
 * Whether the terms and the withdrawal information can be linked for a visitor in
 * `language`: from the texts, or from the names the page's copy of the record lists.
 */
export function termsLinks(store: Store | undefined, language: string): { terms: boolean; withdrawal: boolean } {
  const listed = store?.legal_texts;
  if (listed === undefined) {
    const { terms, withdrawal } = termsTexts(store, language);
    return { terms: terms !== '', withdrawal: withdrawal !== '' };
  }
  // As `localized` picks: the English text where the visitor reads English and it is set.
  const has = (field: string) => listed.includes(field) || (language === 'en' && listed.includes(`${field}_en`));
  return { terms: has('terms_text'), withdrawal: has('withdrawal_text') };
}

/**
 * The terms and the withdrawal information a visitor in `language` reads: the English
 * ones where the store has written them, else the German. Empty (or blank) texts are
 * empty strings, so nothing links to them.
 */
export function termsTexts(store: Store | undefined, language: string): TermsTexts {
  const text = (german: string | undefined, english: string | undefined) => {
    const shown = localized(german ?? '', english, language);
    return shown.trim() === '' ? '' : shown;
  };
  return {
    terms: text(store?.terms_text, store?.terms_text_en),
    withdrawal: text(store?.withdrawal_text, store?.withdrawal_text_en),
  };
}
