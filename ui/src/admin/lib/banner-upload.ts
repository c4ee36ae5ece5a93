import { imageFileError } from './image-file';
import { bodyFromValues } from './resource';
import { bannerFields } from './resources';

export interface BannerDraft {
  file: File | null;
  alt: string;
  sort_order: string;
}

export const EMPTY_BANNER_DRAFT: BannerDraft = { file: null, alt: '', sort_order: '0' };

export interface BannerUpload {
  file: File;
  alt: string;
  sortOrder: number;
}

/**
 * Checks the upload form before anything is sent: a JPEG, PNG or WebP of at most
 * 4 MiB, an alternative text (required, for screen readers) and an integer position.
 * Answers the upload, or i18n keys (admin namespace) by field ("image", "alt", "sort_order").
 */
export function checkBannerUpload(draft: BannerDraft): { upload?: BannerUpload; errors: Record<string, string> } {
  const { body, errors } = bodyFromValues(bannerFields, { alt: draft.alt, sort_order: draft.sort_order });
  const imageError = draft.file ? imageFileError(draft.file) : 'errors.image_required';
  if (imageError) errors.image = imageError;
  if (Object.keys(errors).length > 0 || !draft.file) return { errors };
  return { upload: { file: draft.file, alt: String(body.alt), sortOrder: Number(body.sort_order) }, errors };
}
