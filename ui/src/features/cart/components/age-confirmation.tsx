import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveProducts } from '../../../lib/live-menu';
import { useCart } from './cart-provider';

/** A minimum age for buying a product: beer and wine 16, spirits 18. */
export type MinimumAge = 16 | 18;

/** The higher of the given ages; null when none is given. */
export function highestAge(...ages: readonly (MinimumAge | null | undefined)[]): MinimumAge | null {
  return ages.reduce<MinimumAge | null>((highest, age) => (age != null && (highest === null || age > highest) ? age : highest), null);
}

/**
 * The highest minimum age of the products in the cart, read from the newest menu
 * (a line stored before the product got an age still counts), or null when no
 * product in it has one.
 */
export function useCartAgeRestriction(): MinimumAge | null {
  const { items } = useCart();
  const products = useLiveProducts();
  return useMemo(
    () =>
      highestAge(
        ...items.map((item) =>
          highestAge(item.age_restriction, products?.find((product) => product.id === item.id)?.age_restriction),
        ),
      ),
    [items, products],
  );
}

export interface AgeConfirmationProps {
  age: MinimumAge;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The required tick that the customer is old enough for the age-restricted products in the order. */
export function AgeConfirmation({ age, checked, onChange }: AgeConfirmationProps) {
  const { t } = useTranslation();
  return (
    <label className="age-confirmation" data-testid="age-confirmation">
      <input
        type="checkbox"
        className="age-confirmation__box"
        required
        aria-required="true"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span className="age-confirmation__text">{t('checkout.age_confirm', { age })}</span>
    </label>
  );
}
