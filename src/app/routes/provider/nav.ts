import { msg } from '@lingui/core/macro';
import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { featureNav } from '../registry';

/** The provider dashboard's navigation: features add entries through routes/registry/; the order is the area's. */
export const providerNav: NavItem[] = [
  { to: paths.provider.home(), label: msg`Dashboard`, end: true },
  ...featureNav('provider', [
    paths.provider.visits,
    paths.provider.patients,
    paths.provider.schedule,
    paths.provider.surveys,
    paths.provider.insights,
    paths.provider.profile,
  ]),
];
