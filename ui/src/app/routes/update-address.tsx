import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { AddressBook } from '../../features/accounts';
import { useCart } from '../../features/cart';
import { useAuth } from '../../lib/auth';
import { useOrderSettings } from '../../lib/order-settings';
import { usePageTitle } from '../../lib/page-title';
import { isServedZip, servedPostcodeFor, useServedPostcodes } from '../../lib/served-postcodes';
import { AccountPage, SessionPending } from './account-page';

/** /update-address – signed-in customers choose the address for checkout. */
export function UpdateAddressRoute() {
  const { t } = useTranslation();
  usePageTitle('Address');
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const { orderType, postcode, setPostcode } = useOrderSettings();
  const { addressId, setAddressId } = useCart();
  const servedPostcodes = useServedPostcodes();

  if (loading) return <SessionPending />;
  if (user === null) return <Navigate to="/login/checkout" replace />;

  return (
    <AccountPage title={t('address.title')} wide>
      <AddressBook
        selectedId={addressId}
        onSelect={setAddressId}
        unusableBecause={(address) =>
          orderType === 'delivery' && servedPostcodes !== null && !isServedZip(address.zip, servedPostcodes)
            ? t('address.zip_not_served', { zip: address.zip })
            : null
        }
        onContinue={(address) => {
          setAddressId(address.id);
          // The address's postcode is the delivery postcode: the header and the cart follow it.
          const zone =
            orderType === 'delivery' && servedPostcodes !== null ? servedPostcodeFor(address.zip, servedPostcodes) : undefined;
          if (zone !== undefined) setPostcode(zone);
          navigate('/checkout', { state: { from: '/update-address' } });
        }}
        prefill={{
          customer_name: user.customer_name ?? '',
          phone: user.phone ?? '',
          email: user.email ?? '',
          zip: orderType === 'delivery' ? (postcode?.postcode ?? '') : '',
        }}
      />
    </AccountPage>
  );
}

export { UpdateAddressRoute as Component };
