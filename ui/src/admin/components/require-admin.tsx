import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingMessage } from '../../components/status-message';
import { useAuth } from '../../lib/auth';
import { isAdmin } from '../lib/roles';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** Lets only a signed-in owner or member of staff through; everyone else goes to the admin login at /admin. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useAdminTranslation();
  const { user, token, loading } = useAuth();
  if (loading) {
    return (
      <div className="admin-centered">
        <LoadingMessage text={t('common.checking_session')} />
      </div>
    );
  }
  if (token === null || !isAdmin(user)) return <Navigate to="/admin" replace />;
  return <>{children}</>;
}
