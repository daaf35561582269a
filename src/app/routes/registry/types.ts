import type { RouteObject } from 'react-router';
import type { NavItem } from '@/components/layout/app-shell';
import type { AppContext } from '../../context';

/** Routes a feature adds to each area. Each feature owns one registry file in this folder. */
export interface FeatureRoutes {
  /** Top-level routes outside the signed-in areas (landing pages, public pages). */
  root?: RouteObject[];
  patient?: RouteObject[];
  provider?: RouteObject[];
  admin?: RouteObject[];
}

/** Navigation entries a feature adds to each area, in the order given. */
export interface FeatureNav {
  patient?: NavItem[];
  provider?: NavItem[];
  admin?: NavItem[];
}

export interface FeatureRegistration {
  routes: (ctx: AppContext) => FeatureRoutes;
  nav: FeatureNav;
}
