import type { AuthUser } from '../../lib/auth';

/** The restaurant's accounts: `owner` (the whole admin area) and `staff` (the day's orders). */
export type RestaurantRole = 'owner' | 'staff';

/**
 * The user's role in the restaurant, or null for a customer or nobody. An `admin` stored
 * before staff accounts existed is an owner.
 */
export function restaurantRole(user: AuthUser | null): RestaurantRole | null {
  const role = user?.role;
  if (role === 'owner' || role === 'admin') return 'owner';
  return role === 'staff' ? 'staff' : null;
}

/** May use the admin area: an owner or a member of staff. */
export function isAdmin(user: AuthUser | null): boolean {
  return restaurantRole(user) !== null;
}

/** May use all of the admin area: menu, settings, money, accounts. */
export function isOwner(user: AuthUser | null): boolean {
  return restaurantRole(user) === 'owner';
}
