import { movedPatientPaths, paths } from '@/config/paths';
import { MovedTo } from '../moved';
import type { FeatureRegistration } from './types';

const movedNames = Object.keys(movedPatientPaths) as (keyof typeof movedPatientPaths)[];

/**
 * Addresses that moved when the patient's menu was grouped (Visits, Health, Account): each old one
 * opens its page at the new address, and a group's bare address (`/patient/health`) its first page.
 * Visit, appointment, room and wizard pages kept their addresses.
 */
export const movedFeature: FeatureRegistration = {
  routes: () => ({
    patient: [
      ...movedNames.map((name) => ({
        path: movedPatientPaths[name].pattern,
        element: <MovedTo to={paths.patient[name]()} />,
      })),
      { path: paths.patient.health.pattern, element: <MovedTo to={paths.patient.records()} /> },
      { path: paths.patient.account.pattern, element: <MovedTo to={paths.patient.profile()} /> },
    ],
  }),
  nav: {},
};
