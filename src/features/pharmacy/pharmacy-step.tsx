import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSavePharmacy } from '@/api/erx/mutations';
import { erxQueries } from '@/api/erx/queries';
import { isApiError } from '@telehealth/client/errors';
import { userQueries } from '@/api/users/queries';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { FormError, RadioGroupField } from '@/components/ui/field';
import { customValue, StepFrame, useDraftDefaults, type StepScreenProps } from '@/wizard';
import { DemographicsNotice } from './demographics-notice';
import { pharmacyAddress } from './format';
import { PharmacyFinder } from './pharmacy-finder';
import { saveInputFrom } from './save-result';
import { pharmacySummary, VISIT_PHARMACY_FIELDS } from './visit-pharmacy';

/** The value of the "no pharmacy this time" choice. */
const SKIP = '__skip__';

const ChoiceSchema = z.object({
  code: z.string().min(1, { error: () => t`Choose a pharmacy for this visit, or choose to skip.` }),
});
type ChoiceValues = z.infer<typeof ChoiceSchema>;

/**
 * `pharmacy` (after the visit exists): the pharmacy for this visit's prescriptions. The patient
 * picks a saved pharmacy or finds and saves a new one (it joins their saved pharmacies); the
 * choice is kept on the intake as custom fields. Skipping is allowed.
 */
export function PharmacyStep({ slug, intake, submitLabel, backHref, failure, save }: StepScreenProps) {
  const me = useQuery(userQueries.me());
  const saved = useQuery(erxQueries.pharmacies('-'));
  const savePharmacy = useSavePharmacy();
  const [addFailure, setAddFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const defaultValues = useDraftDefaults<ChoiceValues>(slug, () => ({
    code: customValue(intake, VISIT_PHARMACY_FIELDS.code) ?? '',
  }));
  const form = useForm<ChoiceValues>({ resolver: zodResolver(ChoiceSchema), defaultValues });

  // Pre-select the default pharmacy once the list is known, unless the patient already chose.
  const defaultCode = saved.data?.find((p) => p.is_default)?.code;
  useEffect(() => {
    if (defaultCode && form.getValues('code') === '') form.setValue('code', defaultCode);
  }, [defaultCode, form]);

  const options = [
    ...(saved.data ?? []).map((p) => {
      const pharmacy = `${p.name}, ${pharmacyAddress(p)}`;
      return { value: p.code, label: p.is_default ? t`${pharmacy} (default)` : pharmacy };
    }),
    { value: SKIP, label: t`Skip: no pharmacy for this visit` },
  ];

  return (
    // The way on (choose or skip) is always offered, even while the lists load or when they fail.
    <div className="pharmacy-step">
      {me.data ? <DemographicsNotice user={me.data} /> : null}
      <QueryError query={me} />
      <StepFrame
        form={form}
        slug={slug}
        submitLabel={submitLabel}
        backHref={backHref}
        failure={failure}
        onValid={async ({ code }) => {
          const chosen = saved.data?.find((p) => p.code === code);
          if (code === SKIP || !chosen) {
            // A pharmacy chosen earlier for this visit no longer stands.
            await save({ custom: { [VISIT_PHARMACY_FIELDS.code]: '', [VISIT_PHARMACY_FIELDS.summary]: '' } });
            return;
          }
          await save({
            custom: {
              [VISIT_PHARMACY_FIELDS.code]: chosen.code,
              [VISIT_PHARMACY_FIELDS.summary]: pharmacySummary(chosen),
            },
          });
        }}
      >
        {saved.isPending ? <Spinner label={t`Loading your pharmacies…`} /> : null}
        <QueryError query={saved} title={t`We could not load your pharmacies`} />
        <RadioGroupField<ChoiceValues>
          name="code"
          label={t`Where should prescriptions from this visit go?`}
          hint={saved.data?.length === 0 ? t`You have no saved pharmacies yet: find one below.` : undefined}
          options={options}
        />
      </StepFrame>
      {me.data ? (
        <section aria-labelledby="find-pharmacy" className="card">
          <h2 id="find-pharmacy">
            <Trans>Find another pharmacy</Trans>
          </h2>
          <p className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </p>
          <FormError message={addFailure} />
          <PharmacyFinder
            originZip={me.data.zip}
            chooseLabel={t({
              message: 'Use',
              context: 'button: picks a pharmacy found by the search for this visit',
            })}
            onChoose={async (result, type) => {
              const name = result.name;
              setAddFailure(null);
              try {
                await savePharmacy.mutateAsync(saveInputFrom(result, type));
                form.setValue('code', result.id, { shouldDirty: true });
                setAnnouncement(t`${name} added to your pharmacies and chosen for this visit.`);
              } catch (error) {
                const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
                setAddFailure(t`${name} was not added. ${reason}`);
              }
            }}
          />
        </section>
      ) : null}
    </div>
  );
}
