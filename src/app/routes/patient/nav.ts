import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';

/** The patient area's navigation; each feature adds its page here. */
export const patientNav: NavItem[] = [{ to: paths.patient.home(), label: 'Home', end: true }];
