import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/lib/i18n';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { movedPatientPaths, paths, route, type Route } from '@/config/paths';
import { createAppContext } from '../../create-app';
import { appRoutes } from '../../router';
import { adminNav } from '../admin/nav';
import { patientNav } from '../patient/nav';
import { providerNav } from '../provider/nav';

/** Every builder in paths.ts, by its dotted name. */
function builders(tree: object, prefix = ''): [string, Route<string, string[]>][] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'function') return [[name, value as Route<string, string[]>]];
    return builders(value as object, name);
  });
}

/** The full pattern of every route of the tree, with index routes at their parent's path. */
function patterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const own = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent}/${r.path}`;
    const here = r.index ? [own || '/'] : r.path !== undefined ? [own] : [];
    return [...here, ...patterns(r.children ?? [], own)];
  });
}

/** Sample arguments for a pattern's params, in order. */
const sampleArgs = (pattern: string) =>
  pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((_, i) => `p${i}`);

/** The full pattern of the deepest route the router picks for `url`. */
function matchedPattern(url: string): string | undefined {
  const matches = matchRoutes(routes, url);
  if (!matches) return undefined;
  let full = '';
  for (const { route: r } of matches) {
    if (r.path !== undefined) full = r.path.startsWith('/') ? r.path : `${full}/${r.path}`;
  }
  return full || '/';
}

const routes = appRoutes(createAppContext(null));
const routePatterns = patterns(routes);
/** The development sign-in is mounted only in builds with VITE_DEV_SIGNIN=on (router.tsx); checked there. */
const all = builders({ ...paths, movedPatientPaths }).filter(
  ([name]) => name !== 'devSignIn' || import.meta.env.VITE_DEV_SIGNIN === 'on',
);

describe('paths.ts against the router', () => {
  it('has a route behind every URL builder, at the pattern the builder was made from', () => {
    expect(all.length).toBeGreaterThan(10);
    const orphans = all.filter(([, build]) => !routePatterns.includes(build.pattern)).map(([name]) => name);
    expect(orphans).toEqual([]);
  });

  it('builds URLs the router sends to that same route', () => {
    for (const [name, build] of all) {
      const url = build(...sampleArgs(build.pattern));
      expect({ name, url, matched: matchedPattern(url) }).toEqual({ name, url, matched: build.pattern });
    }
  });

  it('writes no route path except through a builder', () => {
    const defined = new Set(all.map(([, build]) => build.pattern));
    const literal = routePatterns.filter((p) => !defined.has(p) && !p.endsWith('*'));
    expect(literal).toEqual([]);
  });
});

describe('route()', () => {
  it('yields the pattern and a builder that encodes params, drops absent optional ones and adds the query', () => {
    const wizard = route('/rooms/:code/intake/:step?', (intake?: string) => ({ intake }));
    expect(wizard.pattern).toBe('/rooms/:code/intake/:step?');
    expect(wizard('a b/c')).toBe('/rooms/a%20b%2Fc/intake');
    expect(wizard('r1', 'reason')).toBe('/rooms/r1/intake/reason');
    expect(wizard('r1', undefined, 'int_1')).toBe('/rooms/r1/intake?intake=int_1');
    expect(route('/')()).toBe('/');
    expect(paths.signIn('/patient/visits')).toBe('/sign-in?returnTo=%2Fpatient%2Fvisits');
    expect(paths.signedOut('idle')).toBe('/signed-out?reason=idle');
  });
});

describe('area menus', () => {
  it('give patients at most six destinations, every patient page of the features in one of them', () => {
    expect(patientNav.length).toBeLessThanOrEqual(6);
    const placed = patientNav.flatMap((item) => (item.sections ?? [item]).map((page) => page.to));
    expect(placed).toEqual([...new Set(placed)]);
    // A grouped destination opens its first page.
    for (const item of patientNav) if (item.sections) expect(item.to).toBe(item.sections[0]?.to);
  });

  it('follow the order each area gives, whatever order the features register in', () => {
    const labels = (nav: { label: MessageDescriptor }[]) => nav.map((item) => i18n._(item.label));
    expect(labels(patientNav)).toEqual(['Home', 'Visits', 'Health', 'Documents', 'Account']);
    expect(patientNav.map((item) => item.sections && labels(item.sections))).toEqual([
      undefined,
      ['Your visits', 'Appointments', 'Start a visit'],
      ['Health record', 'Health readings', 'Pharmacies and prescriptions'],
      undefined,
      ['Profile', 'Insurance', 'Saved cards'],
    ]);
    expect(labels(providerNav)).toEqual([
      'Dashboard',
      'Visits',
      'My patients',
      'My schedule',
      'Survey responses',
      'Clinic insights',
      'Profile',
    ]);
    expect(labels(adminNav)).toEqual([
      'Admin',
      'Users',
      'Rooms',
      'Recordings',
      'Claims',
      'Billing codes',
      'Webhooks',
      'Provider dashboard',
    ]);
  });
});
