import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDeletePharmacy } from '@/api/erx/mutations';
import { erxQueries } from '@/api/erx/queries';
import type { Pharmacy } from '@/api/erx/schemas';
import { isApiError } from '@/api/errors';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { EmptyState, ErrorState, Spinner } from '@/components/feedback/status';
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

/** The saved pharmacies (spec 4.9), with removal for the patient; read-only for the care team. */
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
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const onRemove = (pharmacy: Pharmacy) => {
    if (remove.isPending) return;
    setFailure(null);
    remove.mutate(pharmacy.code, {
      onSuccess: () => setAnnouncement(`${pharmacy.name} removed.`),
      onError: (error) =>
        setFailure(
          `${pharmacy.name} was not removed. ${isApiError(error) ? error.userMessage : 'Please try again.'}`,
        ),
    });
  };

  return (
    <section aria-labelledby="saved-pharmacies" className="saved-pharmacies">
      <h2 id="saved-pharmacies">{heading}</h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <FormError message={failure} />
      {list.isPending ? <Spinner label="Loading pharmacies…" /> : null}
      {list.isError ? (
        <ErrorState
          error={list.error}
          title="We could not load the pharmacies"
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <DroppedRowsNotice list={list.data} />
      {list.data?.length === 0 ? <EmptyState title="No saved pharmacies yet" /> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="result-list" aria-label={heading}>
          {list.data.map((pharmacy) => (
            <li key={pharmacy.code} className="card">
              <PharmacyCard pharmacy={pharmacy}>
                {canRemove ? (
                  <Button
                    variant="secondary"
                    isBusy={remove.isPending && remove.variables === pharmacy.code}
                    busyLabel="Removing…"
                    aria-label={`Remove ${pharmacy.name}`}
                    onClick={() => onRemove(pharmacy)}
                  >
                    Remove
                  </Button>
                ) : null}
              </PharmacyCard>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
