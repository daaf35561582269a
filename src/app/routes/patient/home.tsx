import { useQuery } from '@tanstack/react-query';
import { settingQueries } from '@/api/accounts/queries';
import { userQueries } from '@/api/users/queries';
import { PanelBoundary } from '@/components/feedback/panel-boundary';
import { QueryState } from '@/components/feedback/query-state';
import { useClinic } from '@/components/layout/branding';
import { HomeGrid } from '@/components/layout/home-card';
import { Page } from '@/components/layout/page';
import { PATIENT_HOME_PANELS } from '../compose/home-panels';

/** The patient's start page: a panel per thing that matters now, each from its own feature. */
export function Component() {
  const me = useQuery(userQueries.me());
  const clinic = useClinic();
  const settings = useQuery({ ...settingQueries.detail('portal'), retry: false });
  const portal = (settings.data ?? {}) as { support_phone?: unknown; support_email?: unknown };
  const support =
    typeof portal.support_phone === 'string' ? (
      <p className="home-support">
        Need help? Call{' '}
        <a href={`tel:${portal.support_phone.replace(/[^\d+]/g, '')}`}>{portal.support_phone}</a>
        {typeof portal.support_email === 'string' ? (
          <>
            {' '}
            or write to <a href={`mailto:${portal.support_email}`}>{portal.support_email}</a>
          </>
        ) : null}
        .
      </p>
    ) : null;
  return (
    <QueryState query={me}>
      {(user) => (
        <Page
          title="Home"
          heading={
            <>
              Welcome, <bdi>{user.first_name ?? 'there'}</bdi>
            </>
          }
        >
          <p className="home-intro">
            You are signed in to{' '}
            <strong>{clinic.data?.portal_title ?? clinic.data?.name ?? 'your clinic'}</strong>.
          </p>
          <HomeGrid label="Loading what needs your attention…" footer={support}>
            {PATIENT_HOME_PANELS.map(({ key, title, Panel }) => (
              <PanelBoundary key={key} title={title}>
                <Panel />
              </PanelBoundary>
            ))}
          </HomeGrid>
        </Page>
      )}
    </QueryState>
  );
}
