import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { StoreProvider } from '../lib/store-context';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <StoreProvider>{children}</StoreProvider>
    </I18nextProvider>
  );
}
