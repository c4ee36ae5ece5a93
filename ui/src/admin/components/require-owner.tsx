import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { isOwner } from '../lib/roles';

/**
 * Around the owner's screens (menu, settings, money, accounts): staff, whom the server
 * refuses there, go to the orders board instead. RequireAdmin has already let the user in.
 */
export function RequireOwner() {
  const { user } = useAuth();
  if (!isOwner(user)) return <Navigate to="/admin/home" replace />;
  return <Outlet />;
}
