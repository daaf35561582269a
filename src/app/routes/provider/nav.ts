import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { featureNav } from '../registry';

/** The provider dashboard's navigation; features add theirs through routes/registry/. */
export const providerNav: NavItem[] = [
  { to: paths.provider.home(), label: 'Dashboard', end: true },
  ...featureNav('provider'),
];
