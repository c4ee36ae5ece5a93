import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModal } from '../../../components/modal/lazy-modal';
import { useToast } from '../../../components/toast';
import { currentLanguage } from '../../../lib/i18n';
import type { Product } from '../../../lib/menu-api';
import type { PreorderSlot } from '../../../lib/store-api';
import {
  addItem,
  buildCartItem,
  displayNameFor,
  itemCount,
  productOf,
  removeItem,
  replaceItem,
  selectionOf,
  setItemQuantity,
  subtotalCents,
  type CartItem,
  type ProductSelection,
} from '../../../lib/cart-lines';
import {
  loadCartItems,
  loadOrderNote,
  markOrderPlaced,
  saveCartItems,
  saveOrderNote,
  takeOrderPlacedFlag,
} from '../lib/cart-storage';
import { emptySelection, needsOptions } from '../../../lib/product-selection';
import { CartViewProvider } from './cart-view';
import './cart.css';
import { useRequiredContext } from '../../../lib/required-context';

const ProductOptionsModal = lazyModal(async () => (await import('./product-options-modal')).ProductOptionsModal);

/**
 * When the order is wanted: now, or a pre-order slot; `date` (YYYY-MM-DD) names its day
 * when that is not today. Kept for this visit only.
 */
export type OrderTime = { kind: 'immediately' } | { kind: 'preorder'; time: string; startsAt: string; date?: string };

/** The pre-order for `slot`, on `date` (YYYY-MM-DD) when that is not today. */
export function preorderTime(slot: PreorderSlot, date: string | undefined): OrderTime {
  return date === undefined
    ? { kind: 'preorder', time: slot.time, startsAt: slot.starts_at }
    : { kind: 'preorder', time: slot.time, startsAt: slot.starts_at, date };
}

export interface CartApi {
  items: CartItem[];
  note: string;
  /** Number of items (sum of quantities). */
  count: number;
  subtotalCents: number;
  /** Adds a simple product directly; opens the variant/extras modal for the others. */
  chooseProduct: (product: Product) => void;
  addSelection: (product: Product, selection: ProductSelection) => void;
  /** Adds ready-made lines (a past order's, say), merging equal ones, without a toast each. */
  addItems: (items: readonly CartItem[]) => void;
  setQuantity: (key: string, quantity: number) => void;
  remove: (key: string) => void;
  /** Opens the edit-product modal for a line. */
  edit: (key: string) => void;
  clear: () => void;
  setNote: (note: string) => void;
  /** Sets the order_placed flag; the cart stays until the logo is clicked (spec §4). */
  markOrderPlaced: () => void;
  /** After an order was placed (order_placed flag), empties the cart once. */
  clearIfOrderPlaced: () => void;
  /** The chosen order time; null until chosen. */
  orderTime: OrderTime | null;
  setOrderTime: (orderTime: OrderTime | null) => void;
  /** The saved address chosen on /update-address for checkout; kept for this visit only. */
  addressId: number | null;
  setAddressId: (id: number | null) => void;
}

const CartContext = createContext<CartApi | null>(null);

type Editing =
  | { mode: 'add'; product: Product; initial: ProductSelection }
  | { mode: 'edit'; product: Product; initial: ProductSelection; key: string };

/** Cart state for the whole app, restored from and saved to localStorage, and where it is shown (cart-view). */
export function CartProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [items, setItems] = useState<CartItem[]>(() => loadCartItems());
  const [note, setNote] = useState<string>(() => loadOrderNote());
  const [orderTime, setOrderTime] = useState<OrderTime | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  // The modal keeps showing its last product while it fades out.
  const [editing, setEditing] = useState<(Editing & { session: number }) | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);

  const openOptions = useCallback((next: Editing) => {
    setEditing((previous) => ({ ...next, session: (previous?.session ?? 0) + 1 }));
    setOptionsOpen(true);
  }, []);

  useEffect(() => saveCartItems(items), [items]);
  useEffect(() => saveOrderNote(note), [note]);

  const announceAdded = useCallback(
    (item: CartItem) => {
      toast.show(t('cart.added', { name: displayNameFor(item, currentLanguage()) }));
    },
    [t, toast],
  );

  const addSelection = useCallback(
    (product: Product, selection: ProductSelection) => {
      if (!product.available) return;
      const item = buildCartItem(product, selection, currentLanguage());
      setItems((list) => addItem(list, item));
      announceAdded(item);
    },
    [announceAdded],
  );

  const chooseProduct = useCallback(
    (product: Product) => {
      if (!product.available) return;
      if (needsOptions(product)) openOptions({ mode: 'add', product, initial: emptySelection() });
      else addSelection(product, emptySelection());
    },
    [addSelection, openOptions],
  );

  const edit = useCallback(
    (key: string) => {
      const item = items.find((line) => line.uniqueKey === key);
      if (!item) return;
      openOptions({ mode: 'edit', product: productOf(item), initial: selectionOf(item), key });
    },
    [items, openOptions],
  );

  const clear = useCallback(() => {
    setItems([]);
    setNote('');
  }, []);

  const clearIfOrderPlaced = useCallback(() => {
    if (takeOrderPlacedFlag()) clear();
  }, [clear]);

  const api = useMemo<CartApi>(
    () => ({
      items,
      note,
      count: itemCount(items),
      subtotalCents: subtotalCents(items),
      chooseProduct,
      addSelection,
      addItems: (added) => setItems((list) => added.reduce(addItem, list)),
      setQuantity: (key, quantity) => setItems((list) => setItemQuantity(list, key, quantity)),
      remove: (key) => setItems((list) => removeItem(list, key)),
      edit,
      clear,
      setNote,
      markOrderPlaced: () => markOrderPlaced(),
      clearIfOrderPlaced,
      orderTime,
      setOrderTime,
      addressId,
      setAddressId,
    }),
    [items, note, chooseProduct, addSelection, edit, clear, clearIfOrderPlaced, orderTime, addressId],
  );

  const confirm = (selection: ProductSelection) => {
    if (!editing) return;
    if (editing.mode === 'add') {
      addSelection(editing.product, selection);
    } else {
      const edited = buildCartItem(editing.product, selection, currentLanguage());
      setItems((list) => replaceItem(list, editing.key, edited));
    }
    setOptionsOpen(false);
  };

  return (
    <CartContext.Provider value={api}>
      <CartViewProvider>{children}</CartViewProvider>
      {editing && (
        <ProductOptionsModal
          key={editing.session}
          open={optionsOpen}
          product={editing.product}
          mode={editing.mode}
          initialSelection={editing.initial}
          onConfirm={confirm}
          onClose={() => setOptionsOpen(false)}
        />
      )}
    </CartContext.Provider>
  );
}

export function useCart(): CartApi {
  return useRequiredContext(CartContext, 'useCart');
}
