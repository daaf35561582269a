import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { featureNav } from '../registry';

/** The patient area's navigation: features add entries through routes/registry/; the order is the area's. */
export const patientNav: NavItem[] = [
  { to: paths.patient.home(), label: 'Home', end: true },
  ...featureNav('patient', [
    paths.patient.rooms,
    paths.patient.visits,
    paths.patient.appointments,
    paths.patient.documents,
    paths.patient.records,
    paths.patient.pharmacies,
    paths.patient.readings,
    paths.patient.insurance,
    paths.patient.payments,
    paths.patient.profile,
  ]),
];
