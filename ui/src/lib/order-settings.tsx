import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  loadOrderType,
  loadPostcodeData,
  saveOrderType,
  savePostcodeData,
} from './order-settings-storage';
import type { OrderType, PostcodeRecord } from './store-api';
import { useRequiredContext } from './required-context';

export interface OrderSettings {
  orderType: OrderType;
  setOrderType: (orderType: OrderType) => void;
  /** The chosen delivery zone, if any. */
  postcode: PostcodeRecord | null;
  setPostcode: (record: PostcodeRecord) => void;
}

const OrderSettingsContext = createContext<OrderSettings | null>(null);

/**
 * Delivery or pickup and the chosen postcode, shared by the header and the cart.
 * Both are restored from localStorage at start and saved on every change.
 */
export function OrderSettingsProvider({ children }: { children: ReactNode }) {
  const [orderType, setOrderTypeState] = useState<OrderType>(() => loadOrderType());
  const [postcode, setPostcodeState] = useState<PostcodeRecord | null>(() => loadPostcodeData());

  const setOrderType = useCallback((next: OrderType) => {
    saveOrderType(next);
    setOrderTypeState(next);
  }, []);

  const setPostcode = useCallback((record: PostcodeRecord) => {
    savePostcodeData(record);
    setPostcodeState(record);
  }, []);

  const value = useMemo(
    () => ({ orderType, setOrderType, postcode, setPostcode }),
    [orderType, setOrderType, postcode, setPostcode],
  );
  return <OrderSettingsContext.Provider value={value}>{children}</OrderSettingsContext.Provider>;
}

export function useOrderSettings(): OrderSettings {
  return useRequiredContext(OrderSettingsContext, 'useOrderSettings');
}
