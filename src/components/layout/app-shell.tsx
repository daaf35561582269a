import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ClinicBrand } from './branding';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * The frame of a signed-in area: brand, navigation (a disclosure menu at phone width), the
 * user's menu and the main landmark. `embedded` hides the navigation chrome (disable_navigation=1).
 */
export function AppShell({
  nav,
  userMenu,
  embedded = false,
  children,
}: {
  nav: NavItem[];
  userMenu?: ReactNode;
  embedded?: boolean;
  children: ReactNode;
}) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className={`shell${embedded ? ' shell-embedded' : ''}`}>
      {embedded ? null : (
        <header className="shell-header">
          <ClinicBrand />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <nav id={menuId} aria-label="Main" className={`shell-nav${isMenuOpen ? ' is-open' : ''}`}>
            <ul>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {userMenu}
        </header>
      )}
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
