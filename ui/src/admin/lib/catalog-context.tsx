import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { getCatalog } from '../api/admin-api';
import type { Catalog, Product, Topping } from '../types';
import { useRequiredContext } from '../../lib/required-context';

export interface CatalogState {
  /** The last catalog read; kept while a reload runs so screens do not flicker. */
  catalog: Catalog | null;
  error: unknown;
  /** Reads GET /admin/catalog again (after every write); answers what it read, or null when that failed. */
  reload: () => Promise<Catalog | null>;
  /** Puts a product as a write answered it into the catalog, without reading it all again. */
  replaceProduct: (product: Product) => void;
  /** The same for a topping. */
  replaceTopping: (topping: Topping) => void;
}

const CatalogContext = createContext<CatalogState | null>(null);

export function CatalogProvider({ children }: { children: ReactNode }) {
  const { logout } = useAuth();
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<unknown>(null);
  const mounted = useRef(true);

  /** Applies the outcome of one catalog read, unless the provider is gone. */
  const settle = useCallback(
    (read: Promise<Catalog>): Promise<Catalog | null> =>
      read.then(
        (next) => {
          if (!mounted.current) return next;
          setCatalog(next);
          setError(null);
          return next;
        },
        (failure: unknown) => {
          if (!mounted.current) return null;
          // An expired token or a lost admin role: back to the admin login.
          if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) {
            logout('admin');
            return null;
          }
          setError(failure);
          return null;
        },
      ),
    [logout],
  );

  const reload = useCallback(() => settle(getCatalog()), [settle]);

  const replaceProduct = useCallback((product: Product) => {
    setCatalog((current) =>
      current === null
        ? current
        : { ...current, products: current.products.map((item) => (item.id === product.id ? product : item)) },
    );
  }, []);

  const replaceTopping = useCallback((topping: Topping) => {
    setCatalog((current) =>
      current === null
        ? current
        : { ...current, toppings: current.toppings.map((item) => (item.id === topping.id ? topping : item)) },
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    void settle(getCatalog());
    return () => {
      mounted.current = false;
    };
  }, [settle]);

  const value = useMemo(
    () => ({ catalog, error, reload, replaceProduct, replaceTopping }),
    [catalog, error, reload, replaceProduct, replaceTopping],
  );
  return <CatalogContext.Provider value={value}>{children}</CatalogContext.Provider>;
}

export function useCatalog(): CatalogState {
  return useRequiredContext(CatalogContext, 'useCatalog');
}
