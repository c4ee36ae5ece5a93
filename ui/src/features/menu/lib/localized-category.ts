import type { Category } from '../../../lib/api';

function pick(german: string, english: string | null, language: string): string {
  return language === 'en' && english !== null && english.trim() !== '' ? english : german;
}

/** English name when the UI is English and one is set, else the German name. */
export function categoryName(category: Category, language: string): string {
  return pick(category.name, category.name_en, language);
}

export function categoryDescription(category: Category, language: string): string {
  return pick(category.description, category.description_en, language);
}
