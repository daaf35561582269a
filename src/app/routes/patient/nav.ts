import { msg } from '@lingui/core/macro';
import type { NavItem } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { groupedNav } from '../registry';

/**
 * The patient area's menu: five destinations in a patient's words. Features add their pages through
 * routes/registry/; this places them. Visits holds every kind of visit (walk-ins, appointments,
 * e-consults and their messages) and starting one; its detail pages, the room pages and the
 * wizard belong to it too. Notifications are reached through the header's badge, with its count
 * (docs/decisions/0023): no entry here.
 */
export const patientNav: NavItem[] = groupedNav('patient', [
  { to: paths.patient.home(), label: msg`Home`, end: true },
  {
    label: msg`Visits`,
    pages: [paths.patient.visits, paths.patient.appointments, paths.patient.rooms],
    includes: [paths.patient.appointment, paths.patient.room, paths.patient.intake],
  },
  { label: msg`Health`, pages: [paths.patient.records, paths.patient.readings, paths.patient.pharmacies] },
  { page: paths.patient.documents },
  { label: msg`Account`, pages: [paths.patient.profile, paths.patient.insurance, paths.patient.payments] },
]);
