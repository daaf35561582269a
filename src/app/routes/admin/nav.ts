import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';

/** The admin area's navigation; each feature adds its page here. */
export const adminNav: NavItem[] = [
  { to: paths.admin.home(), label: 'Admin', end: true },
  { to: paths.provider.home(), label: 'Provider dashboard' },
];
