import type { Product, ToppingGroup } from './menu-api';
import { toCents } from './money';
import type { ProductSelection, SelectionProblem } from './product-selection';

/**
 * The rules of choosing a product's variant and extras: what a selection lacks, how
 * picking a topping changes it, what it costs. Used by the storefront's options modal,
 * a reorder and the phone order form, never by the menu page itself, so it stays out of
 * the first visit's code.
 */

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

/** One unit of the product with this selection, in cents: the variant's (or product's) price plus the extras. */
export function selectionUnitCents(product: Product, selection: ProductSelection): number {
  const variant = product.variants.find((v) => v.id === selection.variantId);
  let cents = toCents(variant ? variant.price : product.price);
  for (const picked of selection.extras) {
    const group = product.enriched_topping_groups.find((g) => g.id === picked.groupId);
    const topping = group?.toppings.find((t) => t.id === picked.toppingId);
    if (topping) cents += toCents(topping.price) * picked.quantity;
  }
  return cents;
}
