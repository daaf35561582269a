import type { NavItem } from '@/components/layout/app-shell';
import type { AppContext } from '../../context';
import { documentsFeature } from './documents';
import { intakeFeature } from './intake';
import { messagesFeature } from './messages';
import { pharmacyFeature } from './pharmacy';
import { recordsFeature } from './records';
import { sessionFeature } from './session';
import type { FeatureNav, FeatureRoutes } from './types';
import { visitsFeature } from './visits';

/** Every feature's routes and navigation, in menu order. */
const FEATURES = [
  visitsFeature,
  intakeFeature,
  messagesFeature,
  documentsFeature,
  recordsFeature,
  pharmacyFeature,
  sessionFeature,
];

export function featureRoutes(ctx: AppContext, area: keyof FeatureRoutes) {
  return FEATURES.flatMap((f) => f.routes(ctx)[area] ?? []);
}

export function featureNav(area: keyof FeatureNav): NavItem[] {
  return FEATURES.flatMap((f) => f.nav[area] ?? []);
}
