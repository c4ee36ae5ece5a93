import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '../lib/auth';
import i18n from '../lib/i18n';
import { StoreProvider } from '../lib/store-context';
import { StorefrontProvider } from './storefront-provider';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <AuthProvider>
          <StorefrontProvider>{children}</StorefrontProvider>
        </AuthProvider>
      </StoreProvider>
    </I18nextProvider>
  );
}
