import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-error';
import { uploadBanner } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { FormMessage, TextInput } from '../components/fields';
import { ResourcePage } from '../components/resource-page';
import { checkBannerUpload, EMPTY_BANNER_DRAFT, type BannerDraft } from '../lib/banner-upload';
import { useCatalog } from '../lib/catalog-context';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { IMAGE_TYPES, imageFileError } from '../lib/image-file';
import { BANNER_ALT_MAX, bannerSpec } from '../lib/resources';
import { useAdminTranslation } from '../lib/use-admin-translation';

const ID_PREFIX = 'banner';

/** /admin/banners: the pictures of the menu page's carousel. */
export function BannersPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Banners" heading={t('pages.banners.heading')} intro={t('pages.banners.intro')}>
      <ResourcePage
        spec={bannerSpec}
        idPrefix={ID_PREFIX}
        newTitle="pages.banners.new"
        editTitle="pages.banners.edit"
        listTitle="pages.banners.list"
        createForm={<BannerUploadForm />}
        preview={(banner) => (
          <img className="admin-product-image" src={banner.image_url} alt={t('banners.current_image', { alt: banner.alt })} />
        )}
      />
    </AdminPage>
  );
}

/** Uploads a new banner: the picture as the body, alt text and position in the query. */
function BannerUploadForm() {
  const { t } = useAdminTranslation();
  const { reload } = useCatalog();
  const [draft, setDraft] = useState<BannerDraft>(EMPTY_BANNER_DRAFT);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  // A new key empties the file input after an upload.
  const [fileKey, setFileKey] = useState(0);

  const update = (change: Partial<BannerDraft>, field: string, error?: string) => {
    setSuccess(undefined);
    setDraft((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const fields = { ...current.fields };
      if (error) fields[field] = error;
      else delete fields[field];
      return { ...current, fields };
    });
  };

  const chooseFile = (file: File | undefined) => {
    const problem = file ? imageFileError(file) : undefined;
    update({ file: file ?? null }, 'image', problem ? t(problem) : undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    const { upload, errors: found } = checkBannerUpload(draft);
    if (!upload) {
      setErrors({ fields: Object.fromEntries(Object.entries(found).map(([name, key]) => [name, t(key)])) });
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      await uploadBanner(upload.file, upload.alt, upload.sortOrder);
    } catch (error) {
      setSubmitting(false);
      // A refused file (415, 413) belongs next to the file input, saying the types or the size it may have.
      if (error instanceof ApiError && (error.status === 413 || error.status === 415) && error.field === undefined) {
        setErrors({ fields: { image: t(error.status === 413 ? 'errors.image_size' : 'errors.image_type') } });
      } else {
        setErrors(errorsFromApi(error, ['image', 'alt', 'sort_order'], t));
      }
      return;
    }
    await reload();
    setSubmitting(false);
    setDraft(EMPTY_BANNER_DRAFT);
    setFileKey((key) => key + 1);
    setSuccess(t('banners.uploaded'));
  };

  const imageId = `${ID_PREFIX}-image`;
  const imageError = errors.fields.image || undefined;
  const describedBy = [`${imageId}-hint`, imageError ? `${imageId}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="admin-form__grid">
        <div className="admin-field admin-field--wide">
          <label htmlFor={imageId} className="admin-field__label">
            {t('fields.image')}
            <span className="admin-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            key={fileKey}
            id={imageId}
            name={imageId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            required
            aria-invalid={imageError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => chooseFile(event.currentTarget.files?.[0])}
          />
          <span id={`${imageId}-hint`} className="admin-field__hint">
            {t('hints.banner_image')}
          </span>
          {imageError && (
            <span id={`${imageId}-error`} className="admin-field__error" role="alert">
              {imageError}
            </span>
          )}
        </div>
        <TextInput
          id={`${ID_PREFIX}-alt`}
          label={t('fields.alt')}
          hint={t('hints.alt')}
          required
          maxLength={BANNER_ALT_MAX}
          value={draft.alt}
          error={errors.fields.alt || undefined}
          onChange={(value) => update({ alt: value }, 'alt')}
        />
        <TextInput
          id={`${ID_PREFIX}-sort_order`}
          label={t('fields.position')}
          hint={t('hints.position')}
          inputMode="numeric"
          value={draft.sort_order}
          error={errors.fields.sort_order || undefined}
          onChange={(value) => update({ sort_order: value }, 'sort_order')}
        />
      </div>
      <FormMessage error={errors.general} success={success} />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('banners.uploading') : t('banners.upload')}
        </button>
      </div>
    </form>
  );
}
