import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { featureNav } from '../registry';

/** The admin area's navigation; each feature adds its page here. */
export const adminNav: NavItem[] = [
  { to: paths.admin.home(), label: 'Admin', end: true },
  ...featureNav('admin'),
  { to: paths.provider.home(), label: 'Provider dashboard' },
];
