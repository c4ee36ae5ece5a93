import type { Product, ToppingGroup } from '../../../lib/menu-api';
import type { ProductSelection } from './cart';

export type SelectionProblem =
  | { kind: 'variant' }
  | { kind: 'min'; group: ToppingGroup; min: number }
  | { kind: 'max'; group: ToppingGroup; max: number };

/** Variable products and products with toppings need the variant/extras modal. */
export function needsOptions(product: Product): boolean {
  return (
    product.type === 'variable' ||
    product.enriched_topping_groups.some((group) => group.toppings.length > 0)
  );
}

/** Units picked in a group: an extra taken twice counts twice against the group's maximum. */
export function groupCount(selection: ProductSelection, groupId: number): number {
  return selection.extras
    .filter((extra) => extra.groupId === groupId)
    .reduce((sum, extra) => sum + extra.quantity, 0);
}

export function quantityOf(selection: ProductSelection, groupId: number, toppingId: number): number {
  return selection.extras.find((e) => e.groupId === groupId && e.toppingId === toppingId)?.quantity ?? 0;
}

/** What keeps the selection from being added, in display order. Empty = ready. */
export function selectionProblems(product: Product, selection: ProductSelection): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  if (product.type === 'variable' && !product.variants.some((v) => v.id === selection.variantId)) {
    problems.push({ kind: 'variant' });
  }
  for (const group of product.enriched_topping_groups) {
    if (group.toppings.length === 0) continue;
    const count = groupCount(selection, group.id);
    if (count < group.min_selections) problems.push({ kind: 'min', group, min: group.min_selections });
    else if (count > group.max_selections) problems.push({ kind: 'max', group, max: group.max_selections });
  }
  return problems;
}

/**
 * Sets a topping's quantity (0 removes it), never beyond the group's maximum.
 * In a group that allows one unit, picking another topping replaces the current one.
 */
export function withToppingQuantity(
  selection: ProductSelection,
  group: ToppingGroup,
  toppingId: number,
  quantity: number,
): ProductSelection {
  const current = quantityOf(selection, group.id, toppingId);
  const others = selection.extras.filter((e) => !(e.groupId === group.id && e.toppingId === toppingId));
  const wanted = Math.max(0, Math.floor(quantity));
  if (wanted === 0) return { ...selection, extras: others };

  if (group.max_selections === 1 && current === 0) {
    const rest = others.filter((e) => e.groupId !== group.id);
    return { ...selection, extras: [...rest, { groupId: group.id, toppingId, quantity: 1 }] };
  }
  const room = group.max_selections - (groupCount(selection, group.id) - current);
  const allowed = Math.min(wanted, room);
  if (allowed <= 0) return selection;
  const extras = selection.extras.some((e) => e.groupId === group.id && e.toppingId === toppingId)
    ? selection.extras.map((e) =>
        e.groupId === group.id && e.toppingId === toppingId ? { ...e, quantity: allowed } : e,
      )
    : [...selection.extras, { groupId: group.id, toppingId, quantity: allowed }];
  return { ...selection, extras };
}

/** The empty selection for a product (nothing chosen). */
export function emptySelection(): ProductSelection {
  return { variantId: null, extras: [] };
}
