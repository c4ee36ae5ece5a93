import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useCartPanel } from './cart-panel';

export function CartModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { body, footer } = useCartPanel({ open, onCheckout: onClose, onBrowse: onClose });
  return (
    <Modal open={open} onClose={onClose} title={t('cart.title')} footer={footer} className="cart-modal">
      {body}
    </Modal>
  );
}
