import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { formatPrice } from '../../../lib/format-price';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getPostcodes, type PostcodeRecord } from '../../../lib/store-api';
import { exactPostcode, filterPostcodes, moveHighlight } from '../lib/postcode-search';
import './delivery.css';

export interface PostcodeModalProps {
  open: boolean;
  onClose: () => void;
  /** Called with the chosen record after it was saved, just before the modal closes. */
  onSelected?: (record: PostcodeRecord) => void;
}

/**
 * Static modal (no backdrop or Escape close) to choose the delivery postcode
 * from the store's list: a text field filters it, arrow keys move the
 * highlight, Enter picks, Escape closes the list. Continue needs a postcode.
 */
export function PostcodeModal({ open, onClose, onSelected }: PostcodeModalProps) {
  const { t } = useTranslation();
  const { setPostcode } = useOrderSettings();
  const inputId = useId();
  const listId = useId();
  const [postcodes, setPostcodes] = useState<PostcodeRecord[]>([]);
  const [text, setText] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);

  useEffect(() => {
    if (!open) return;
    let active = true;
    // Failures are only logged (spec §8); the list stays empty.
    getPostcodes(getRuntimeConfig().storeId).then(
      (list) => {
        if (active) setPostcodes(list);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, [open]);

  const matches = filterPostcodes(postcodes, text);
  // Only a text that names a postcode exactly selects it; picking from the list fills in such a text.
  const selected = exactPostcode(postcodes, text);

  const reset = () => {
    setText('');
    setListOpen(false);
    setHighlight(-1);
  };

  const cancel = () => {
    reset();
    onClose();
  };

  const pick = (record: PostcodeRecord) => {
    setText(record.postcode);
    setListOpen(false);
    setHighlight(-1);
  };

  const onInput = (value: string) => {
    setText(value);
    setListOpen(true);
    setHighlight(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setListOpen(true);
      setHighlight((current) => moveHighlight(listOpen ? current : -1, matches.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      const record = listOpen ? matches[highlight] : undefined;
      if (record) {
        event.preventDefault();
        pick(record);
      }
    } else if (event.key === 'Escape') {
      // Escape closes the list, never the modal (it is static anyway).
      event.preventDefault();
      event.stopPropagation();
      setListOpen(false);
      setHighlight(-1);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (selected === null) return;
    setPostcode(selected);
    onSelected?.(selected);
    reset();
    onClose();
  };

  const activeId = listOpen && highlight >= 0 ? `${listId}-${highlight}` : undefined;
  const showList = listOpen && (matches.length > 0 || text.trim() !== '');

  return (
    <Modal open={open} onClose={cancel} title={t('postcode.title')} static size="sm" className="postcode-modal">
      <form className="postcode-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="postcode-form__label">
          {t('postcode.label')}
        </label>
        <div className="postcode-combobox">
          <input
            id={inputId}
            data-autofocus
            className="postcode-form__input"
            type="text"
            inputMode="text"
            autoComplete="postal-code"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={activeId}
            placeholder={t('postcode.placeholder')}
            value={text}
            onInput={(event) => onInput(event.currentTarget.value)}
            onFocus={() => setListOpen(true)}
            onKeyDown={onKeyDown}
          />
          {showList && (
            <ul id={listId} role="listbox" className="postcode-list" aria-label={t('postcode.list')}>
              {matches.length === 0 ? (
                <li className="postcode-list__empty" role="option" aria-selected="false" aria-disabled="true">
                  {t('postcode.no_match', { text })}
                </li>
              ) : (
                matches.map((record, index) => (
                  <li
                    key={record.id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === highlight}
                    className={`postcode-list__option${index === highlight ? ' postcode-list__option--active' : ''}`}
                    // mousedown, not click: keep the focus in the field.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      pick(record);
                    }}
                  >
                    <span className="postcode-list__code">{record.postcode}</span>
                    <span className="postcode-list__fee">
                      {t('postcode.fee', { fee: formatPrice(record.delivery_fee) })}
                    </span>
                  </li>
                ))
              )}
            </ul>
          )}
        </div>
        {selected && (
          <p className="postcode-form__details" data-testid="postcode-details">
            {t('postcode.details', {
              fee: formatPrice(selected.delivery_fee),
              minimum: formatPrice(selected.minimum_order_amount),
              time: `${selected.delivery_time}m`,
            })}
          </p>
        )}
        <div className="postcode-form__actions">
          <button type="button" className="button button--ghost" onClick={cancel}>
            {t('postcode.cancel')}
          </button>
          <button type="submit" className="button" disabled={selected === null}>
            {t('postcode.continue')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
