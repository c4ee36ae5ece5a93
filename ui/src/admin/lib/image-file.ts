/** What the server accepts as a product photo or banner (it sniffs the content as well). */
export const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/** The i18n key (admin namespace) of what is wrong with a chosen image file, or undefined when it may be sent. */
export function imageFileError(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return 'errors.image_type';
  if (file.size > MAX_IMAGE_BYTES) return 'errors.image_size';
  return undefined;
}
