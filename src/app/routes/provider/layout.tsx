import { msg } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import { paths } from '@/config/paths';
import { useAdminAccess } from '@/features/auth';
import { AreaLayout } from '../area-layout';
import { providerNav } from './nav';

/** Loaded after the page: it shows nothing until something new arrives, so no page waits for it. */
const ArrivalsWatcher = lazy(() => import('@/features/visits').then((m) => ({ default: m.ArrivalsWatcher })));

/** The entry to the admin area, for administrators and, where the server cannot say, for every provider. */
const ADMIN_ENTRY = { to: paths.admin.home(), label: msg`Clinic administration` };

export function Component() {
  const adminAccess = useAdminAccess();
  return (
    <>
      <AreaLayout nav={adminAccess === 'no' ? providerNav : [...providerNav, ADMIN_ENTRY]} area="provider" />
      {/* On every provider page: new walk-ins and messages are told wherever the provider is. */}
      <Suspense fallback={null}>
        <ArrivalsWatcher />
      </Suspense>
    </>
  );
}
