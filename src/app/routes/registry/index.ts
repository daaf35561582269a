import type { NavItem } from '@/components/layout/app-shell';
import type { AppContext } from '../../context';
import { adminFeature } from './admin';
import { authFeature } from './auth';
import { documentsFeature } from './documents';
import { insuranceFeature } from './insurance';
import { intakeFeature } from './intake';
import { notificationsFeature } from './notifications';
import { paymentsFeature } from './payments';
import { pharmacyFeature } from './pharmacy';
import { profileFeature } from './profile';
import { readingsFeature } from './readings';
import { recordsFeature } from './records';
import { roomsFeature } from './rooms';
import { schedulingFeature } from './scheduling';
import { surveysFeature } from './surveys';
import type { FeatureNav, FeatureRoutes } from './types';
import { visitsFeature } from './visits';

/** Every feature's routes and navigation. Menus are ordered by each area (see `featureNav`), not here. */
const FEATURES = [
  adminFeature,
  authFeature,
  documentsFeature,
  insuranceFeature,
  intakeFeature,
  notificationsFeature,
  paymentsFeature,
  pharmacyFeature,
  profileFeature,
  readingsFeature,
  recordsFeature,
  roomsFeature,
  schedulingFeature,
  surveysFeature,
  visitsFeature,
];

export function featureRoutes(ctx: AppContext, area: keyof FeatureRoutes) {
  return FEATURES.flatMap((f) => f.routes(ctx)[area] ?? []);
}

/**
 * An area's menu entries from every feature, in the order the area gives as the entries' builders;
 * an entry the area has not placed yet comes last, so a new page is never lost from the menu.
 */
export function featureNav(area: keyof FeatureNav, order: readonly (() => string)[]): NavItem[] {
  const places = order.map((build) => build());
  const rank = (item: NavItem) => {
    const place = places.indexOf(item.to);
    return place === -1 ? places.length : place;
  };
  return FEATURES.flatMap((f) => f.nav[area] ?? []).sort((a, b) => rank(a) - rank(b));
}
