import { addTextSources } from '../lib/i18n';

/** The admin texts live in their own namespace, loaded with the admin chunk only. */
export const ADMIN_NAMESPACE = 'admin';

/** Resolves once the admin texts in the language in use have arrived; another language's come before switching to it. */
export const adminTextsLoaded: Promise<void> = addTextSources(ADMIN_NAMESPACE, {
  de: () => import('./locales/admin.de.json'),
  en: () => import('./locales/admin.en.json'),
});
