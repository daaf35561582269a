import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSetDefaultPharmacy } from '@/api/erx/default-pharmacy';
import { useDeletePharmacy } from '@/api/erx/mutations';
import { erxQueries } from '@/api/erx/queries';
import type { Pharmacy } from '@telehealth/client/erx/schemas';
import { isApiError } from '@telehealth/client/errors';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryState } from '@/components/feedback/query-state';
import { EmptyState } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { formatPhone, pharmacyAddress } from './format';

export function PharmacyCard({ pharmacy, children }: { pharmacy: Pharmacy; children?: React.ReactNode }) {
  const phone = pharmacy.phone ? formatPhone(pharmacy.phone) : '';
  const fax = pharmacy.fax ? formatPhone(pharmacy.fax) : '';
  return (
    <>
      <h3>
        {pharmacy.name}
        {pharmacy.is_default ? (
          <span className="tag">
            {' '}
            <Trans context="badge: the patient's default pharmacy">Default</Trans>
          </span>
        ) : null}
      </h3>
      <p>{pharmacyAddress(pharmacy)}</p>
      <p>
        {phone ? t`Phone ${phone}` : t`No phone number`}
        {fax ? <> · {t`Fax ${fax}`}</> : ''}
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
    const name = pharmacy.name;
    setFailure(null);
    try {
      const isDefault = await makeDefault.mutateAsync(pharmacy);
      if (isDefault) setAnnouncement(t`${name} is now your pharmacy.`);
      else
        setFailure(
          t`${name} could not be made your pharmacy: the pharmacy service kept your earlier choice. Ask the clinic to change it for you.`,
        );
    } catch (error) {
      const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
      setFailure(t`${name} was not made your pharmacy. ${reason}`);
    }
  });

  const removal = useSingleFlight(async (pharmacy: Pharmacy) => {
    const name = pharmacy.name;
    setFailure(null);
    try {
      await remove.mutateAsync(pharmacy.code);
      setAnnouncement(t`${name} removed.`);
    } catch (error) {
      const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
      setFailure(t`${name} was not removed. ${reason}`);
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
        label={t`Loading pharmacies…`}
        errorTitle={t`We could not load the pharmacies`}
        isEmpty={(pharmacies) => pharmacies.length === 0}
        empty={<EmptyState title={t`No saved pharmacies yet`} />}
      >
        {(pharmacies) => (
          <ul className="result-list" aria-label={heading}>
            {pharmacies.map((pharmacy) => {
              const name = pharmacy.name;
              return (
                <li key={pharmacy.code} className="card">
                  <PharmacyCard pharmacy={pharmacy}>
                    {canRemove && pharmacy.is_default ? (
                      <p className="muted">
                        <Trans>Your prescriptions go here unless you choose another.</Trans>
                      </p>
                    ) : null}
                    {canRemove && !pharmacy.is_default ? (
                      <Button
                        variant="secondary"
                        isBusy={choosing.isBusy && makeDefault.variables?.code === pharmacy.code}
                        busyLabel={t`Saving…`}
                        disabled={choosing.isBusy}
                        aria-label={t`Make ${name} my pharmacy`}
                        onClick={() => void choosing.run(pharmacy)}
                      >
                        <Trans>Make this my pharmacy</Trans>
                      </Button>
                    ) : null}
                    {canRemove ? (
                      <Button
                        variant="secondary"
                        isBusy={removal.isBusy && remove.variables === pharmacy.code}
                        busyLabel={t`Removing…`}
                        aria-label={t`Remove ${name}`}
                        onClick={() => void removal.run(pharmacy)}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    ) : null}
                  </PharmacyCard>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
