import type { MessageDescriptor } from '@lingui/core';
import type { NavItem } from '@/components/layout/app-shell';
import type { AppContext } from '../../context';
import { adminFeature } from './admin';
import { authFeature } from './auth';
import { documentsFeature } from './documents';
import { insightsFeature } from './insights';
import { insuranceFeature } from './insurance';
import { intakeFeature } from './intake';
import { movedFeature } from './moved';
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
  insightsFeature,
  insuranceFeature,
  intakeFeature,
  movedFeature,
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

/**
 * A place in an area's menu: a fixed entry, one feature's entry (by its page's builder), or a
 * destination grouping several features' entries under one label. A group's entries are its
 * secondary navigation, in this order; `includes` names further pages (detail pages, the wizard)
 * on which the group is the current destination.
 */
export type NavSlot =
  | NavItem
  | { page: () => string }
  | { label: MessageDescriptor; pages: readonly (() => string)[]; includes?: readonly { pattern: string }[] };

/**
 * An area's menu of destinations from every feature's entries, placed by `slots`. A slot whose
 * features registered nothing is left out; an entry no slot places comes last, on its own, so a new
 * page is never lost from the menu.
 */
export function groupedNav(area: keyof FeatureNav, slots: readonly NavSlot[]): NavItem[] {
  const entries = FEATURES.flatMap((f) => f.nav[area] ?? []);
  const placed = new Set<string>();
  const take = (build: () => string) => {
    const entry = entries.find((item) => item.to === build());
    if (entry) placed.add(entry.to);
    return entry;
  };
  const menu = slots.flatMap((slot): NavItem[] => {
    if ('to' in slot) return [slot];
    if ('page' in slot) {
      const entry = take(slot.page);
      return entry ? [entry] : [];
    }
    const sections = slot.pages.flatMap((build) => take(build) ?? []);
    const first = sections[0];
    if (!first) return [];
    return [
      {
        to: first.to,
        label: slot.label,
        sections,
        includes: slot.includes?.map((r) => r.pattern),
      },
    ];
  });
  return [...menu, ...entries.filter((item) => !placed.has(item.to))];
}
