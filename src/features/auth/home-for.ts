import { paths } from '@/config/paths';
import type { Profile } from '@/api/users/schemas';
import { USER_TYPE } from '@/api/users/user-type';

export type Role = 'patient' | 'provider' | 'admin' | 'guest';

/** Which area a user belongs to: clinic administrators, providers (400), guests (600), members. */
export function roleOf(profile: Pick<Profile, 'type' | 'roles'>): Role {
  if (profile.roles?.includes('clinic_admin')) return 'admin';
  if (profile.type === USER_TYPE.provider || profile.type === USER_TYPE.admin) return 'provider';
  if (profile.type === USER_TYPE.guest) return 'guest';
  return 'patient';
}

/**
 * Where a user lands without `next`: clinic administrators in the admin area, providers on
 * their dashboard, members on the patient home, and one-time guests on their visit(s) only
 * (an integrator sends a guest straight to one visit with `next`).
 */
export function homeFor(profile: Pick<Profile, 'type' | 'roles'>): string {
  switch (roleOf(profile)) {
    case 'admin':
      return paths.admin.home();
    case 'provider':
      return paths.provider.home();
    case 'guest':
      return paths.patient.visits();
    case 'patient':
      return paths.patient.home();
  }
}

/** Admins may also use the provider dashboard; nobody else crosses areas. */
export function canEnter(area: Role, profile: Pick<Profile, 'type' | 'roles'>): boolean {
  const role = roleOf(profile);
  if (area === 'patient') return role === 'patient' || role === 'guest';
  if (area === 'provider') return role === 'provider' || role === 'admin';
  return role === area;
}
