import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSetDefaultPharmacy } from '@/api/erx/default-pharmacy';
import { useDeletePharmacy } from '@/api/erx/mutations';
import { erxQueries } from '@/api/erx/queries';
import type { Pharmacy } from '@/api/erx/schemas';
import { isApiError } from '@/api/errors';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryState } from '@/components/feedback/query-state';
import { EmptyState } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { formatPhone, pharmacyAddress } from './format';

export function PharmacyCard({ pharmacy, children }: { pharmacy: Pharmacy; children?: React.ReactNode }) {
  return (
    <>
      <h3>
        {pharmacy.name}
        {pharmacy.is_default ? <span className="tag"> Default</span> : null}
      </h3>
      <p>{pharmacyAddress(pharmacy)}</p>
      <p>
        {pharmacy.phone ? `Phone ${formatPhone(pharmacy.phone)}` : 'No phone number'}
        {pharmacy.fax ? ` · Fax ${formatPhone(pharmacy.fax)}` : ''}
      </p>
      {children}
    </>
  );
}

/**
 * The saved pharmacies (spec 4.9), the default marked. The patient may remove one or make another
 * the default ("Make this my pharmacy", saved again with `is_default: true`; docs/spec-decisions.md,
 * "Choosing the default pharmacy"); read-only for the care team.
 */
export function SavedPharmacies({
  userId,
  canRemove,
  heading,
}: {
  userId: string;
  canRemove: boolean;
  heading: string;
}) {
  const list = useQuery(erxQueries.pharmacies(userId));
  const remove = useDeletePharmacy(userId);
  const makeDefault = useSetDefaultPharmacy(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // One choice at a time: a double click, or a click on another pharmacy meanwhile, sends nothing.
  const choosing = useSingleFlight(async (pharmacy: Pharmacy) => {
    setFailure(null);
    try {
      const isDefault = await makeDefault.mutateAsync(pharmacy);
      if (isDefault) setAnnouncement(`${pharmacy.name} is now your pharmacy.`);
      else
        setFailure(
          `${pharmacy.name} could not be made your pharmacy: the pharmacy service kept your earlier choice. Ask the clinic to change it for you.`,
        );
    } catch (error) {
      setFailure(
        `${pharmacy.name} was not made your pharmacy. ${isApiError(error) ? error.userMessage : 'Please try again.'}`,
      );
    }
  });

  const removal = useSingleFlight(async (pharmacy: Pharmacy) => {
    setFailure(null);
    try {
      await remove.mutateAsync(pharmacy.code);
      setAnnouncement(`${pharmacy.name} removed.`);
    } catch (error) {
      setFailure(
        `${pharmacy.name} was not removed. ${isApiError(error) ? error.userMessage : 'Please try again.'}`,
      );
    }
  });

  return (
    <section aria-labelledby="saved-pharmacies" className="saved-pharmacies">
      <h2 id="saved-pharmacies">{heading}</h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <FormError message={failure} />
      <DroppedRowsNotice list={list.data} />
      <QueryState
        query={list}
        label="Loading pharmacies…"
        errorTitle="We could not load the pharmacies"
        isEmpty={(pharmacies) => pharmacies.length === 0}
        empty={<EmptyState title="No saved pharmacies yet" />}
      >
        {(pharmacies) => (
          <ul className="result-list" aria-label={heading}>
            {pharmacies.map((pharmacy) => (
              <li key={pharmacy.code} className="card">
                <PharmacyCard pharmacy={pharmacy}>
                  {canRemove && pharmacy.is_default ? (
                    <p className="muted">Your prescriptions go here unless you choose another.</p>
                  ) : null}
                  {canRemove && !pharmacy.is_default ? (
                    <Button
                      variant="secondary"
                      isBusy={choosing.isBusy && makeDefault.variables?.code === pharmacy.code}
                      busyLabel="Saving…"
                      disabled={choosing.isBusy}
                      aria-label={`Make ${pharmacy.name} my pharmacy`}
                      onClick={() => void choosing.run(pharmacy)}
                    >
                      Make this my pharmacy
                    </Button>
                  ) : null}
                  {canRemove ? (
                    <Button
                      variant="secondary"
                      isBusy={removal.isBusy && remove.variables === pharmacy.code}
                      busyLabel="Removing…"
                      aria-label={`Remove ${pharmacy.name}`}
                      onClick={() => void removal.run(pharmacy)}
                    >
                      Remove
                    </Button>
                  ) : null}
                </PharmacyCard>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
