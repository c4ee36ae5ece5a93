import type { Category } from '../../../lib/api';
import { localized } from '../../../lib/localized';

/** English name when the UI is English and one is set, else the German name. */
export function categoryName(category: Category, language: string): string {
  return localized(category.name, category.name_en, language);
}

export function categoryDescription(category: Category, language: string): string {
  return localized(category.description, category.description_en, language);
}
