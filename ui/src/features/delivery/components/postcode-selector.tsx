import { useTranslation } from 'react-i18next';
import { lazyModal } from '../../../components/modal/lazy-modal';
import { useOrderSettings } from '../../../lib/order-settings';
import type { PostcodeRecord } from '../../../lib/store-api';
import { postcodeParts } from '../lib/postcodes';
import './delivery.css';

const PostcodeModal = lazyModal(async () => (await import('./postcode-modal')).PostcodeModal);

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
      />
    </svg>
  );
}

export interface PostcodeSelectorProps {
  /** Whether the postcode modal is open (the app hides the cart button meanwhile). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelected?: (record: PostcodeRecord) => void;
}

/** Header button with the chosen postcode, shown for delivery only; opens the postcode modal. */
export function PostcodeSelector({ open, onOpenChange, onSelected }: PostcodeSelectorProps) {
  const { t } = useTranslation();
  const { orderType, postcode } = useOrderSettings();
  const text = postcode ? postcode.postcode : t('postcode.choose');
  const { shown, rest } = postcodeParts(text);
  return (
    <>
      {orderType === 'delivery' && (
        <button
          type="button"
          className="postcode-selector"
          aria-haspopup="dialog"
          aria-label={postcode ? t('postcode.change', { postcode: postcode.postcode }) : t('postcode.choose')}
          title={text}
          onClick={() => onOpenChange(true)}
        >
          <PinIcon />
          <span className="postcode-selector__text">
            {shown}
            {rest !== '' && (
              <>
                <span className="postcode-selector__rest">{rest}</span>
                <span className="postcode-selector__cut" aria-hidden="true">
                  ...
                </span>
              </>
            )}
          </span>
        </button>
      )}
      <PostcodeModal open={open} onClose={() => onOpenChange(false)} onSelected={onSelected} />
    </>
  );
}
