import { msg } from '@lingui/core/macro';
import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { featureNav } from '../registry';

/** The admin area's navigation: features add entries through routes/registry/; the order is the area's. */
export const adminNav: NavItem[] = [
  { to: paths.admin.home(), label: msg`Admin`, end: true },
  ...featureNav('admin', [
    paths.admin.users,
    paths.admin.rooms,
    paths.admin.recordings,
    paths.admin.claims,
    paths.admin.referenceLists,
    paths.admin.webhooks,
  ]),
  { to: paths.provider.home(), label: msg`Provider dashboard` },
];

/** Before the server has accepted an admin token from a provider who may not administer: the home (token) and the way back. */
export const adminNavBeforeToken: NavItem[] = [
  { to: paths.admin.home(), label: msg`Admin`, end: true },
  { to: paths.provider.home(), label: msg`Provider dashboard` },
];
