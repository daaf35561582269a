import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { featureNav } from '../registry';

/** The patient area's navigation; features add theirs through routes/registry/. */
export const patientNav: NavItem[] = [
  { to: paths.patient.home(), label: 'Home', end: true },
  ...featureNav('patient'),
];
