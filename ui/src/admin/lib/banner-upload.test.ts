import { describe, expect, it } from 'vitest';
import { checkBannerUpload, EMPTY_BANNER_DRAFT } from './banner-upload';
import { MAX_IMAGE_BYTES } from './image-file';

const file = (type: string, size = 10, name = 'banner.png') => new File([new Uint8Array(size)], name, { type });

describe('checkBannerUpload', () => {
  it('accepts a JPEG, PNG or WebP with alt text and answers the trimmed values', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      const png = file(type);
      const { upload, errors } = checkBannerUpload({ file: png, alt: '  Sommerfest ', sort_order: '20' });
      expect(errors).toEqual({});
      expect(upload).toEqual({ file: png, alt: 'Sommerfest', sortOrder: 20 });
    }
  });

  it('asks for a file, an alt text and takes 0 as the default position', () => {
    expect(checkBannerUpload(EMPTY_BANNER_DRAFT)).toEqual({
      errors: { image: 'errors.image_required', alt: 'errors.required' },
    });
    const { upload } = checkBannerUpload({ file: file('image/png'), alt: 'Pizza', sort_order: '' });
    expect(upload?.sortOrder).toBe(0);
  });

  it('refuses other file types before sending', () => {
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', '']) {
      expect(checkBannerUpload({ file: file(type), alt: 'Pizza', sort_order: '0' }).errors).toEqual({
        image: 'errors.image_type',
      });
    }
  });

  it('allows exactly 4 MiB and refuses one byte more', () => {
    expect(checkBannerUpload({ file: file('image/webp', MAX_IMAGE_BYTES), alt: 'Pizza', sort_order: '0' }).errors).toEqual({});
    expect(checkBannerUpload({ file: file('image/webp', MAX_IMAGE_BYTES + 1), alt: 'Pizza', sort_order: '0' }).errors).toEqual({
      image: 'errors.image_size',
    });
  });

  it('checks the alt text length and the position', () => {
    const png = file('image/png');
    expect(checkBannerUpload({ file: png, alt: 'x'.repeat(201), sort_order: '0' }).errors).toEqual({ alt: 'errors.too_long' });
    expect(checkBannerUpload({ file: png, alt: 'x'.repeat(200), sort_order: '0' }).errors).toEqual({});
    expect(checkBannerUpload({ file: png, alt: 'Pizza', sort_order: '1,5' }).errors).toEqual({ sort_order: 'errors.number_format' });
    expect(checkBannerUpload({ file: png, alt: 'Pizza', sort_order: '10001' }).errors).toEqual({ sort_order: 'errors.range' });
  });
});
