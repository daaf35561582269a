import type { RouteObject } from 'react-router';
import type { NavItem } from '@/components/layout/app-shell';
import type { AppContext } from '../../context';

/**
 * Routes a feature adds to each area. Each feature owns one registry file in this folder, named after
 * it. A route's `path` is the `.pattern` of its builder in config/paths.ts (absolute, e.g.
 * `paths.patient.visit.pattern`), so the link and the route cannot drift apart.
 */
export interface FeatureRoutes {
  /** Top-level routes outside the signed-in areas (landing pages, public pages). */
  root?: RouteObject[];
  patient?: RouteObject[];
  provider?: RouteObject[];
  admin?: RouteObject[];
}

/** Navigation entries a feature adds to each area; the area's nav.ts decides their order. */
export interface FeatureNav {
  patient?: NavItem[];
  provider?: NavItem[];
  admin?: NavItem[];
}

export interface FeatureRegistration {
  routes: (ctx: AppContext) => FeatureRoutes;
  nav: FeatureNav;
}
