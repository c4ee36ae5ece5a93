import type { Catalog } from '../types';

type Named = { id: number; name: string };

export function nameOf(list: readonly Named[], id: number): string {
  return list.find((item) => item.id === id)?.name ?? `#${id}`;
}

export function allergyLabel(catalog: Catalog, id: number): string {
  const allergy = catalog.allergies.find((item) => item.id === id);
  return allergy ? `${allergy.code} – ${allergy.name}` : `#${id}`;
}

export function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name, 'de');
}

export function bySortOrder<T extends { sort_order: number; id: number }>(a: T, b: T): number {
  return a.sort_order - b.sort_order || a.id - b.id;
}
