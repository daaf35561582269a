import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSavePharmacy } from '@/api/erx/mutations';
import { isApiError } from '@/api/errors';
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
    <Page title="Pharmacies and prescriptions">
      <QueryState query={me}>
        {(profile) => (
          <>
            <DemographicsNotice user={profile} />
            <SavedPharmacies userId="-" canRemove heading="Your pharmacies" />
            <section aria-labelledby="add-pharmacy" className="card">
              <h2 id="add-pharmacy">Add a pharmacy</h2>
              <p className="visually-hidden" role="status" aria-live="polite">
                {announcement}
              </p>
              <FormError message={failure} />
              <PharmacyFinder
                originZip={profile.zip}
                chooseLabel="Save"
                onChoose={async (result, type) => {
                  setFailure(null);
                  try {
                    await save.mutateAsync(saveInputFrom(result, type));
                    setAnnouncement(`${result.name} saved to your pharmacies.`);
                  } catch (error) {
                    setFailure(
                      `${result.name} was not saved. ${isApiError(error) ? error.userMessage : 'Please try again.'}`,
                    );
                  }
                }}
              />
            </section>
            <PrescriptionsList userId="-" heading="Your prescriptions" canRequestRefill />
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
      <PrescriptionsList userId={patientId} heading="Prescriptions" />
      <SavedPharmacies userId={patientId} canRemove={false} heading="Saved pharmacies" />
    </>
  );
}
