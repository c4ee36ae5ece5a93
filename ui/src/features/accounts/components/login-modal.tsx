import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { LoginForm, type LoginFormProps } from './login-form';

export interface LoginModalProps {
  open: boolean;
  onClose: () => void;
  /** Replaces the reload after a successful login (tests). */
  onLoggedIn?: LoginFormProps['onLoggedIn'];
}

/** The login form in a dialog, opened from the header; a successful login reloads to the home page. */
export function LoginModal({ open, onClose, onLoggedIn }: LoginModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('login.title')} size="sm" className="login-modal">
      <LoginForm autoFocus onLinkClick={onClose} onLoggedIn={onLoggedIn} />
    </Modal>
  );
}
