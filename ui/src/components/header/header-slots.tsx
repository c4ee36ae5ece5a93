import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the app puts into the shared header without the header knowing the
 * features behind it (search, cart, store status): extra action buttons, a
 * toolbar row and a hook for clicks on the logo.
 */
export interface HeaderSlots {
  actions?: ReactNode;
  /** A second row under the brand: store status, order type, postcode. */
  toolbar?: ReactNode;
  onLogoClick?: () => void;
  /** Opens the login dialog; without it the signed-out Login link simply goes to /login. */
  onLoginClick?: () => void;
}

const HeaderSlotsContext = createContext<HeaderSlots>({});

export const HeaderSlotsProvider = HeaderSlotsContext.Provider;

export function useHeaderSlots(): HeaderSlots {
  return useContext(HeaderSlotsContext);
}
