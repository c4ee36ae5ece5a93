import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { useAsync } from '../../../lib/use-async';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
  type Address,
  type AddressInput,
} from '../api/accounts-api';
import { AddressCard } from './address-card';
import { AddressForm } from './address-form';

type Editing = { mode: 'new' } | { mode: 'edit'; address: Address } | null;

export interface AddressBookProps {
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** Continue to checkout with the chosen address. */
  onContinue: (address: Address) => void;
  /** Why an address cannot be used for this order (e.g. a postcode without delivery). */
  unusableBecause?: (address: Address) => string | null;
  /** Prefill of a new address (the customer's name, phone, e-mail, chosen postcode). */
  prefill: Partial<AddressInput>;
}

/** The customer's saved addresses: choose one, add, edit or delete, then continue. */
export function AddressBook({ selectedId, onSelect, onContinue, prefill, unusableBecause }: AddressBookProps) {
  const { t } = useTranslation();
  const addresses = useAsync(listAddresses, 'addresses');
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | undefined>();
  const list = addresses.status === 'success' && Array.isArray(addresses.data) ? addresses.data : null;

  // Keep the choice valid: default to the newest address, drop one that is gone.
  useEffect(() => {
    if (list === null) return;
    if (selectedId !== null && list.some((address) => address.id === selectedId)) return;
    onSelect(list.length > 0 ? (list[list.length - 1]?.id ?? null) : null);
  }, [list, selectedId, onSelect]);

  if (addresses.status === 'loading') return <LoadingMessage text={t('address.loading')} />;
  if (list === null) return <ErrorMessage text={t('address.load_error')} onRetry={addresses.reload} />;

  const showForm = editing !== null || list.length === 0;
  const selected = list.find((address) => address.id === selectedId) ?? null;

  const remove = async (address: Address) => {
    if (!window.confirm(t('address.delete_confirm'))) return;
    setError(undefined);
    try {
      await deleteAddress(address.id);
      if (selectedId === address.id) onSelect(null);
      addresses.reload();
    } catch {
      setError(t('address.delete_error'));
    }
  };

  const saved = (address: Address) => {
    setEditing(null);
    onSelect(address.id);
    addresses.reload();
  };

  return (
    <div className="address-book">
      {list.length > 0 && (
        <fieldset className="address-book__choices">
          <legend className="form-section__title">{t('address.choose')}</legend>
          <ul className="address-book__list">
            {list.map((address) => (
              <li key={address.id} className={`address-option${address.id === selectedId ? ' address-option--selected' : ''}`}>
                <label className="address-option__choice">
                  <input
                    type="radio"
                    name="address"
                    value={address.id}
                    checked={address.id === selectedId}
                    onChange={() => onSelect(address.id)}
                    aria-label={t('address.choose_one', { name: address.customer_name, line1: address.line1 })}
                  />
                  <AddressCard address={address} />
                </label>
                <div className="address-option__actions">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setEditing({ mode: 'edit', address })}
                    aria-label={t('address.edit_one', { line1: address.line1 })}
                  >
                    {t('address.edit')}
                  </button>
                  <button
                    type="button"
                    className="link-button link-button--danger"
                    onClick={() => void remove(address)}
                    aria-label={t('address.delete_one', { line1: address.line1 })}
                  >
                    {t('address.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <FormMessage error={error} />
      {showForm ? (
        <AddressForm
          key={editing?.mode === 'edit' ? `edit-${editing.address.id}` : 'new'}
          initial={editing?.mode === 'edit' ? editing.address : prefill}
          editing={editing?.mode === 'edit'}
          onSave={(input) =>
            editing?.mode === 'edit' ? updateAddress(editing.address.id, input) : createAddress(input)
          }
          onSaved={saved}
          onCancel={list.length > 0 ? () => setEditing(null) : undefined}
        />
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setEditing({ mode: 'new' })}>
          {t('address.add')}
        </button>
      )}
      {!showForm && (
        <div className="address-book__continue">
          {selected !== null && unusableBecause?.(selected) && (
            <p className="field__error" role="alert">
              {unusableBecause(selected)}
            </p>
          )}
          <button
            type="button"
            className="button"
            disabled={selected === null || Boolean(unusableBecause?.(selected))}
            onClick={() => selected && onContinue(selected)}
          >
            {t('address.continue')}
          </button>
        </div>
      )}
    </div>
  );
}
