import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';

/** The provider dashboard's navigation; each feature adds its page here. */
export const providerNav: NavItem[] = [{ to: paths.provider.home(), label: 'Dashboard', end: true }];
