import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/lib/i18n';
import { Link, matchPath, useLocation } from 'react-router';
import type { NavItem } from './app-shell';

/** Whether `pathname` is the page `to` itself (a trailing slash and letter case aside, as the router). */
export function isPage(to: string, pathname: string): boolean {
  return matchPath({ path: to, end: true }, pathname) !== null;
}

/** Whether `pathname` is `path` or a page under it. */
function isUnder(path: string, pathname: string): boolean {
  return matchPath({ path, end: false }, pathname) !== null;
}

/**
 * The destination of a menu that `pathname` belongs to: an `end` entry on its page only, any other
 * on its page, its sections' pages, its `includes` patterns, or a page under one of them. The first
 * that claims the page wins.
 */
export function currentIn(nav: readonly NavItem[], pathname: string): NavItem | undefined {
  return nav.find((item) =>
    item.end
      ? isPage(item.to, pathname)
      : [item.to, ...(item.sections ?? []).map((s) => s.to), ...(item.includes ?? [])].some((path) =>
          isUnder(path, pathname),
        ),
  );
}

/**
 * A destination's own navigation between its pages (Health: record, readings, pharmacies), named
 * after the destination, with the page shown marked `aria-current="page"`.
 */
export function SectionNav({ label, items }: { label: MessageDescriptor; items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={i18n._(label)} className="section-nav">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} aria-current={isPage(item.to, pathname) ? 'page' : undefined}>
              {i18n._(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
