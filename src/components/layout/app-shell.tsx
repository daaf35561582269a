import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/lib/i18n';
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ClinicBrand, useClinicColors } from './branding';
import { LanguageSwitcher } from './language-switcher';
import { currentIn, isPage, SectionNav } from './section-nav';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
  /** Current only on `to` itself, not on the pages under it (an area's home). */
  end?: boolean;
  /** A destination's pages (`to` is the first's): its secondary navigation, shown on each of them. */
  sections?: NavItem[];
  /** Route patterns of further pages of this destination (detail pages), where it is current too. */
  includes?: readonly string[];
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * The frame of a signed-in area: brand, header actions (e.g. the notification badge), navigation
 * and the user's menu, and the main landmark. The navigation's entry for the page shown is current:
 * `aria-current="page"` on its own page, "true" on the other pages of its destination. A destination
 * with sections shows them as a secondary navigation named after it, atop each of those pages. At
 * phone width the navigation and the user's menu sit in a disclosure panel that takes focus when
 * opened, keeps Tab inside itself and its button, and closes on Escape with focus back on its
 * button. `embedded` hides the chrome, section links included (disable_navigation=1).
 */
export function AppShell({
  nav,
  userMenu,
  headerActions,
  embedded = false,
  children,
}: {
  nav: NavItem[];
  userMenu?: ReactNode;
  headerActions?: ReactNode;
  embedded?: boolean;
  children: ReactNode;
}) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const current = currentIn(nav, location.pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useClinicColors();

  /** True while the toggle is shown, i.e. the panel is a phone menu rather than the desktop bar. */
  const isPhoneMenu = () => Boolean(toggleRef.current && toggleRef.current.offsetParent !== null);

  useEffect(() => {
    if (!isMenuOpen || !isPhoneMenu()) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [isMenuOpen]);

  const close = useCallback(() => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isMenuOpen || !isPhoneMenu()) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current || !toggleRef.current) return;
    // The trap's ring: the menu button, then everything in the panel.
    const ring = [toggleRef.current, ...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const index = ring.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey
      ? index <= 0
        ? ring.length - 1
        : index - 1
      : index === -1 || index === ring.length - 1
        ? 0
        : index + 1;
    event.preventDefault();
    ring[next]?.focus();
  };

  return (
    <div className={`shell${embedded ? ' shell-embedded' : ''}`}>
      {embedded ? null : (
        <header className="shell-header">
          <ClinicBrand />
          <div className="shell-actions">
            {headerActions}
            <div className="shell-menu-wrap" onKeyDown={onKeyDown}>
              <button
                ref={toggleRef}
                type="button"
                className="menu-toggle"
                aria-expanded={isMenuOpen}
                aria-controls={menuId}
                onClick={() => (isMenuOpen ? close() : setMenuOpen(true))}
              >
                <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" focusable="false">
                  <path
                    d={isMenuOpen ? 'M4 4l12 12M16 4L4 16' : 'M3 5h14M3 10h14M3 15h14'}
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
                <span className="menu-toggle-text">{t`Menu`}</span>
              </button>
              <div ref={panelRef} id={menuId} className={`shell-menu${isMenuOpen ? ' is-open' : ''}`}>
                <nav
                  aria-label={t({ message: 'Main', context: 'navigation landmark' })}
                  className="shell-nav"
                >
                  <ul>
                    {nav.map((item) => {
                      const isCurrent = item === current;
                      const onItsPage = isPage(item.to, location.pathname);
                      const state = isCurrent ? (onItsPage ? 'page' : 'true') : undefined;
                      return (
                        <li key={item.to}>
                          <Link
                            to={item.to}
                            aria-current={state}
                            className={isCurrent ? 'active' : undefined}
                          >
                            {i18n._(item.label)}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </nav>
                {userMenu}
                <LanguageSwitcher />
              </div>
            </div>
          </div>
        </header>
      )}
      <main id="main" className="shell-main" tabIndex={-1}>
        {!embedded && current?.sections?.some((s) => isPage(s.to, location.pathname)) ? (
          <SectionNav label={current.label} items={current.sections} />
        ) : null}
        {children}
      </main>
    </div>
  );
}
