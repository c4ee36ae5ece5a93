import type { TFunction } from 'i18next';
import type { FiscalChooser, FiscalMode } from '../types';

/** The modes in the order the page offers them: the simplest first. */
export const FISCAL_MODES: readonly FiscalMode[] = ['cashless', 'pos', 'tse'];

/** The mode's short name in the admin's language ("No cash", "Own certified till", …). */
export function fiscalModeName(mode: string, t: TFunction): string {
  return (FISCAL_MODES as readonly string[]).includes(mode) ? t(`fiscal.modes.${mode}.name`) : mode;
}

/**
 * Who made a choice or a confirmation: the admin's name and e-mail, or the
 * configuration file with the name written there.
 */
export function chooserText(by: FiscalChooser, t: TFunction): string {
  if (by.kind === 'configuration') {
    return by.name === '' ? t('fiscal.by.configuration') : t('fiscal.by.configuration_named', { name: by.name });
  }
  if (by.name === '') return by.email;
  if (by.email === '') return by.name;
  return t('fiscal.by.admin', { name: by.name, email: by.email });
}
