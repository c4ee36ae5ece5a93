/** The English text when the UI is English and one is set, else the German text. */
export function localized(german: string, english: string | null | undefined, language: string): string {
  return language === 'en' && typeof english === 'string' && english.trim() !== '' ? english : german;
}
