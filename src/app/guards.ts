import { redirect } from 'react-router';
import { userQueries } from '@/api/users/queries';
import type { Profile } from '@/api/users/schemas';
import { paths } from '@/config/paths';
import { canEnter, homeFor, type Role } from '@/features/auth/home-for';
import type { AppContext } from './context';

/**
 * The access rule of an area (patient, provider, admin), run in its parent route's loader:
 * signed out goes to sign-in with a checked return path; the wrong role goes to its own home.
 */
export async function requireArea(ctx: AppContext, area: Role, request: Request): Promise<Profile> {
  const state = ctx.session.getState();
  const url = new URL(request.url);
  if (state.status === 'signed-out') {
    throw redirect(paths.signIn(`${url.pathname}${url.search}`));
  }
  const profile = await ctx.queryClient.ensureQueryData(userQueries.me());
  if (!canEnter(area, profile)) throw redirect(homeFor(profile));
  return profile;
}
