import i18n from '../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The "auth" namespace: account menu texts shared by the header and the admin area. */
export const AUTH_NAMESPACE = 'auth';

i18n.addResourceBundle('de', AUTH_NAMESPACE, de, true, false);
i18n.addResourceBundle('en', AUTH_NAMESPACE, en, true, false);
