import { describe, expect, it } from 'vitest';
import { isAdmin, isOwner, restaurantRole } from './roles';

describe('restaurant roles', () => {
  it('lets owners and staff into the admin area, and only owners into all of it', () => {
    expect(restaurantRole({ role: 'owner' })).toBe('owner');
    expect(restaurantRole({ role: 'staff' })).toBe('staff');
    expect(restaurantRole({ role: 'customer' })).toBeNull();
    expect(restaurantRole(null)).toBeNull();
    expect([isAdmin({ role: 'owner' }), isAdmin({ role: 'staff' }), isAdmin({ role: 'customer' }), isAdmin(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([isOwner({ role: 'owner' }), isOwner({ role: 'staff' }), isOwner({ role: 'customer' })]).toEqual([true, false, false]);
  });

  it('takes an admin of a session from before staff accounts for an owner', () => {
    expect(restaurantRole({ role: 'admin' })).toBe('owner');
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isOwner({ role: 'admin' })).toBe(true);
  });
});
