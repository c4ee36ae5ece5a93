import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useRequiredContext } from '../../../lib/required-context';

/** A basket column on the page, which the header's cart button brings into focus. */
export interface BasketColumnHandle {
  focus: () => void;
}

/** Where the cart is shown: the cart dialog, or the basket column beside the menu. */
export interface CartView {
  /** Whether the cart dialog is open. */
  dialogOpen: boolean;
  /** Shows the cart: focuses the basket column where the page has one, else opens the dialog. */
  openCart: () => void;
  closeDialog: () => void;
  /** Whether the page shows the basket column (the menu page on a wide screen). */
  columnShown: boolean;
  /** The basket column announces itself while it is on the page, and null when it goes. */
  setColumn: (column: BasketColumnHandle | null) => void;
}

const CartViewContext = createContext<CartView | null>(null);

export function CartViewProvider({ children }: { children: ReactNode }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept in an object: a handle is a function holder, never a state updater.
  const [column, setColumnState] = useState<{ handle: BasketColumnHandle } | null>(null);

  const setColumn = useCallback((handle: BasketColumnHandle | null) => {
    setColumnState(handle === null ? null : { handle });
  }, []);

  const openCart = useCallback(() => {
    if (column) column.handle.focus();
    else setDialogOpen(true);
  }, [column]);

  const closeDialog = useCallback(() => setDialogOpen(false), []);

  const value = useMemo<CartView>(
    () => ({ dialogOpen, openCart, closeDialog, columnShown: column !== null, setColumn }),
    [dialogOpen, openCart, closeDialog, column, setColumn],
  );
  return <CartViewContext.Provider value={value}>{children}</CartViewContext.Provider>;
}

export function useCartView(): CartView {
  return useRequiredContext(CartViewContext, 'useCartView');
}
