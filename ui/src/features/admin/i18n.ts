import i18n from '../../lib/i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The admin texts live in their own namespace, loaded with the admin chunk only. */
export const ADMIN_NAMESPACE = 'admin';

i18n.addResourceBundle('de', ADMIN_NAMESPACE, de, true, false);
i18n.addResourceBundle('en', ADMIN_NAMESPACE, en, true, false);
