import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';
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
  const phone = typeof portal.support_phone === 'string' ? portal.support_phone : null;
  const email = typeof portal.support_email === 'string' ? portal.support_email : null;
  const phoneDigits = phone?.replace(/[^\d+]/g, '');
  const support =
    phone !== null ? (
      <p className="home-support">
        {email !== null ? (
          <Trans>
            Need help? Call <a href={`tel:${phoneDigits}`}>{phone}</a> or write to{' '}
            <a href={`mailto:${email}`}>{email}</a>.
          </Trans>
        ) : (
          <Trans>
            Need help? Call <a href={`tel:${phoneDigits}`}>{phone}</a>.
          </Trans>
        )}
      </p>
    ) : null;
  const clinicName = clinic.data?.portal_title ?? clinic.data?.name;
  return (
    <QueryState query={me}>
      {({ first_name: firstName }) => (
        <Page
          title={t`Home`}
          heading={
            <>
              {firstName ? (
                <Trans>
                  Welcome, <bdi>{firstName}</bdi>
                </Trans>
              ) : (
                <Trans>Welcome, there</Trans>
              )}
            </>
          }
        >
          <p className="home-intro">
            {clinicName ? (
              <Trans>
                You are signed in to <strong>{clinicName}</strong>.
              </Trans>
            ) : (
              <Trans>
                You are signed in to <strong>your clinic</strong>.
              </Trans>
            )}
          </p>
          <HomeGrid label={t`Loading what needs your attention…`} footer={support}>
            {PATIENT_HOME_PANELS.map(({ key, title, Panel }) => (
              <PanelBoundary key={key} title={i18n._(title)}>
                <Panel />
              </PanelBoundary>
            ))}
          </HomeGrid>
        </Page>
      )}
    </QueryState>
  );
}
