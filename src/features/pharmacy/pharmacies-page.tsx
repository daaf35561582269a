import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSavePharmacy } from '@/api/erx/mutations';
import { isApiError } from '@telehealth/client/errors';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { FormError } from '@/components/ui/field';
import { DemographicsNotice } from './demographics-notice';
import { PharmacyFinder } from './pharmacy-finder';
import { PrescriptionsList } from './prescriptions-list';
import { SavedPharmacies } from './saved-pharmacies';
import { saveInputFrom } from './save-result';

/** The patient's pharmacies and prescriptions (spec 4.9). */
export function PharmaciesPage() {
  const me = useQuery(userQueries.me());
  const save = useSavePharmacy();
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  return (
    <Page title={t`Pharmacies and prescriptions`}>
      <QueryState query={me}>
        {(profile) => (
          <>
            <DemographicsNotice user={profile} />
            <SavedPharmacies userId="-" canRemove heading={t`Your pharmacies`} />
            <section aria-labelledby="add-pharmacy" className="card">
              <h2 id="add-pharmacy">
                <Trans>Add a pharmacy</Trans>
              </h2>
              <p className="visually-hidden" role="status" aria-live="polite">
                {announcement}
              </p>
              <FormError message={failure} />
              <PharmacyFinder
                originZip={profile.zip}
                chooseLabel={t({ message: 'Save', context: 'button: saves a pharmacy found by the search' })}
                onChoose={async (result, type) => {
                  const name = result.name;
                  setFailure(null);
                  try {
                    await save.mutateAsync(saveInputFrom(result, type));
                    setAnnouncement(t`${name} saved to your pharmacies.`);
                  } catch (error) {
                    const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
                    setFailure(t`${name} was not saved. ${reason}`);
                  }
                }}
              />
            </section>
            <PrescriptionsList userId="-" heading={t`Your prescriptions`} canRequestRefill />
          </>
        )}
      </QueryState>
    </Page>
  );
}

/** A patient's pharmacies and prescriptions for the care team: read-only. */
export function ProviderPharmacyPanel({ patientId }: { patientId: string }) {
  return (
    <>
      <PrescriptionsList userId={patientId} heading={t`Prescriptions`} />
      <SavedPharmacies userId={patientId} canRemove={false} heading={t`Saved pharmacies`} />
    </>
  );
}
