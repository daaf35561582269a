import { Outlet } from 'react-router';
import '@/area-styles.css';
import { AppShell, type NavItem } from '@/components/layout/app-shell';
import { UserMenu } from '@/features/auth';
import { useSession } from '@/lib/session';
import { HeaderExtras } from './compose/header-extras';

/** Shared frame of the three signed-in areas. Embedded sessions (disable_navigation=1) show no chrome. */
export function AreaLayout({ nav, area }: { nav: NavItem[]; area: 'patient' | 'provider' | 'admin' }) {
  const session = useSession();
  const embedded = session.status !== 'signed-out' && session.tokens.embedded;
  return (
    <AppShell
      nav={nav}
      embedded={embedded}
      headerActions={<HeaderExtras area={area} />}
      userMenu={<UserMenu />}
    >
      <Outlet />
    </AppShell>
  );
}
