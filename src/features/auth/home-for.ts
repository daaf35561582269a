import { paths } from '@/config/paths';
import type { Profile } from '@telehealth/client/users/schemas';
import { USER_TYPE } from '@telehealth/client/users/user-type';

export type Role = 'patient' | 'provider' | 'admin' | 'guest';

type Who = Pick<Profile, 'type' | 'roles'>;

/**
 * Which area a user belongs to: clinic administrators (the role `clinic_admin` where profiles
 * carry `roles`, or the spec's Admin type 100), providers (400), guests (600), members.
 */
export function roleOf(profile: Who): Role {
  if (profile.roles?.includes('clinic_admin') || profile.type === USER_TYPE.admin) return 'admin';
  if (profile.type === USER_TYPE.provider) return 'provider';
  if (profile.type === USER_TYPE.guest) return 'guest';
  return 'patient';
}

/**
 * Whether a user may open the clinic administration: `yes` for clinic administrators; `ask` for a
 * provider when profiles carry no `roles` (the server does not offer `user-roles`, so nobody can
 * say who administers): the admin area asks for the clinic admin token, and once the server has
 * accepted one in this tab the answer is `yes`; `no` for everyone else.
 */
export type AdminAccess = 'yes' | 'ask' | 'no';

export function adminAccessOf(
  profile: Who,
  { rolesOffered, tokenAccepted = false }: { rolesOffered: boolean; tokenAccepted?: boolean },
): AdminAccess {
  if (roleOf(profile) === 'admin') return 'yes';
  if (profile.type !== USER_TYPE.provider || rolesOffered) return 'no';
  return tokenAccepted ? 'yes' : 'ask';
}

/**
 * Where a user lands without `next`: clinic administrators in the admin area, providers on
 * their dashboard, members on the patient home, and one-time guests on their visit(s) only
 * (an integrator sends a guest straight to one visit with `next`).
 */
export function homeFor(profile: Who): string {
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

/**
 * Admins may also use the provider dashboard; a provider may try the admin area where the server
 * cannot say who administers (`adminAccessOf`); nobody else crosses areas.
 */
export function canEnter(area: Role, profile: Who, { rolesOffered }: { rolesOffered: boolean }): boolean {
  const role = roleOf(profile);
  if (area === 'patient') return role === 'patient' || role === 'guest';
  if (area === 'provider') return role === 'provider' || role === 'admin';
  if (area === 'admin') return adminAccessOf(profile, { rolesOffered }) !== 'no';
  return role === area;
}
