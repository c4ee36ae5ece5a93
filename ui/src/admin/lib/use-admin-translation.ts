import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../i18n';

export function useAdminTranslation() {
  return useTranslation(ADMIN_NAMESPACE);
}
