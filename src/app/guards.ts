import { redirect } from 'react-router';
import { offersExtension } from '@/api/accounts/extensions';
import { accountQueries } from '@/api/accounts/queries';
import { userQueries } from '@/api/users/queries';
import type { Profile } from '@telehealth/client/users/schemas';
import { env } from '@/config/env';
import { paths, safeInAppPath } from '@/config/paths';
import { canEnter, homeFor, type Role } from '@/features/auth';
import type { AppContext } from './context';

/**
 * The access rule of an area (patient, provider, admin), run in its parent route's loader:
 * signed out goes to sign-in with a checked return path; a user who has not accepted the terms
 * of service goes to the terms first; the wrong role goes to its own home.
 */
export async function requireArea(ctx: AppContext, area: Role, request: Request): Promise<Profile> {
  // A new tab may be receiving a session from a live tab; wait for that (briefly) before deciding.
  await ctx.session.ready();
  const state = ctx.session.getState();
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  if (state.status === 'signed-out') {
    throw redirect(paths.signIn(here));
  }
  // The clinic's record (name, logo, colour) is read beside the profile, so the area's first frame
  // has its brand and nothing changes colour or wraps anew a moment later. Without it the area
  // still opens (with the portal's own name and colours). It also says whether profiles carry
  // `roles` (the `user-roles` extension), which decides who may try the admin area.
  const [profile, account] = await Promise.all([
    ctx.queryClient.ensureQueryData(userQueries.me()),
    ctx.queryClient.ensureQueryData(accountQueries.detail(env.VITE_ACCOUNT_CODE)).catch(() => null),
  ]);
  if (needsTerms(profile)) throw redirect(paths.terms(here));
  if (!canEnter(area, profile, { rolesOffered: offersExtension(account, 'user-roles') })) {
    throw redirect(homeFor(profile));
  }
  return profile;
}

/** `tos` false (or absent as false) means the terms of service were never accepted. */
export function needsTerms(profile: Pick<Profile, 'tos'>): boolean {
  return profile.tos === false;
}

/** The terms page's own rule: signed in, and only while the terms are still to accept. */
export async function requireTermsPending(ctx: AppContext, request: Request): Promise<Profile> {
  await ctx.session.ready();
  const url = new URL(request.url);
  if (ctx.session.getState().status === 'signed-out')
    throw redirect(paths.signIn(`${url.pathname}${url.search}`));
  const profile = await ctx.queryClient.ensureQueryData(userQueries.me());
  if (!needsTerms(profile))
    throw redirect(safeInAppPath(url.searchParams.get('returnTo')) ?? homeFor(profile));
  return profile;
}
