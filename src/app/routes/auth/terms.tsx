import './terms.css';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@telehealth/client/errors';
import { useUpdateProfile } from '@/api/users/mutations';
import { userQueries } from '@/api/users/queries';
import { useSingleFlight } from '@/components/form';
import { ClinicBrand, useClinic } from '@/components/layout/branding';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { safeInAppPath } from '@/config/paths';
import { homeFor, useSignOut } from '@/features/auth';

/**
 * Terms of service: a user whose profile has `tos` false accepts them here (POST /me tos=1)
 * before anything else in the portal opens. Declining signs out.
 */
export function Component() {
  const me = useQuery(userQueries.me());
  const clinic = useClinic();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const signOut = useSignOut();
  const [error, setError] = useState<string | null>(null);
  const clinicName =
    clinic.data?.portal_title ??
    clinic.data?.name ??
    t({ message: 'the clinic', context: 'in: the portal of …' });
  const firstName = me.data?.first_name;

  const accept = useSingleFlight(async () => {
    setError(null);
    try {
      const profile = await update.mutateAsync({ tos: 1 });
      await navigate(safeInAppPath(params.get('returnTo')) ?? homeFor(profile), { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.userMessage : t`We could not record your answer. Please try again.`);
    }
  });

  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <p>
        <ClinicBrand />
      </p>
      <Page title={t`Terms of service`}>
        <p>
          {firstName ? (
            <Trans>
              {firstName}, before you use the portal of {clinicName}, please read and accept its terms of
              service.
            </Trans>
          ) : (
            <Trans>
              Before you use the portal of {clinicName}, please read and accept its terms of service.
            </Trans>
          )}
        </p>
        <section className="card terms-text" aria-label={t`Terms of service text`} tabIndex={0}>
          <h2>
            <Trans>Using this portal</Trans>
          </h2>
          <p>
            <Trans>
              The portal lets you arrange and attend consultations with the clinic’s providers, exchange
              messages about a consultation, and keep your details up to date. It is not for emergencies: in
              an emergency call your local emergency number.
            </Trans>
          </p>
          <h2>
            <Trans>Your information</Trans>
          </h2>
          <p>
            <Trans>
              What you enter is shared with the providers who care for you and kept as part of your clinic
              record. You can review and correct your details on your profile page at any time.
            </Trans>
          </p>
          <h2>
            <Trans>Your account</Trans>
          </h2>
          <p>
            <Trans>
              Keep your sign-in links to yourself. For your security the portal signs you out after a period
              without activity and at the latest after a set number of hours.
            </Trans>
          </p>
        </section>
        <FormError message={error} />
        <div className="form-actions">
          <Button isBusy={accept.isBusy} busyLabel={t`Saving…`} onClick={() => void accept.run()}>
            <Trans>I accept the terms</Trans>
          </Button>
          <Button variant="secondary" disabled={accept.isBusy} onClick={() => void signOut()}>
            <Trans>Decline and sign out</Trans>
          </Button>
        </div>
      </Page>
    </main>
  );
}
