import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { formatPrice, patientConsultations, roomCurrency } from '@/api/rooms/consultations';
import type { Consultation } from '@telehealth/client/rooms/schemas';
import { CUSTOM_FIELDS, customValue, StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

const ConsultationChoiceSchema = z.object({ consultation: z.string() });
type ConsultationChoice = z.infer<typeof ConsultationChoiceSchema>;

function ConsultationOptions({
  consultations,
  currency,
}: {
  consultations: Consultation[];
  currency: string;
}) {
  const { register, getFieldState, formState } = useFormContext<ConsultationChoice>();
  const error = getFieldState('consultation', formState).error?.message;
  return (
    <fieldset
      className="field field-radio choice-list"
      aria-describedby={error ? 'consultation-error' : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        <Trans>Which consultation do you need?</Trans>
      </legend>
      {consultations.map((c) => {
        const price = formatPrice(c, currency);
        const minutes = c.duration;
        return (
          <label key={c.id} className="choice">
            <input type="radio" value={c.id} {...register('consultation')} />
            <span className="choice-body">
              <span className="choice-title">{c.description || t`Consultation`}</span>
              <span className="choice-detail">{minutes ? t`${minutes} minutes · ${price}` : price}</span>
            </span>
          </label>
        );
      })}
      {error ? (
        <p className="field-error" id="consultation-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** `consultation`: the kind of consultation, with its length and price, from the room's settings. */
export function ConsultationStep({ slug, room, intake, submitLabel, backHref, save }: StepScreenProps) {
  const consultations = patientConsultations(room);
  const ids = new Set(consultations.map((c) => c.id));
  const currency = roomCurrency(room);
  const defaultValues = useDraftDefaults<ConsultationChoice>(slug, () => {
    const saved = customValue(intake, CUSTOM_FIELDS.consultationId) ?? '';
    return {
      consultation: ids.has(saved) ? saved : consultations.length === 1 ? (consultations[0]?.id ?? '') : '',
    };
  });
  const schema = ConsultationChoiceSchema.refine(
    (v) => consultations.length === 0 || ids.has(v.consultation),
    {
      error: () => t`Choose a consultation.`,
      path: ['consultation'],
    },
  );
  const form = useForm<ConsultationChoice>({ resolver: zodResolver(schema), defaultValues });
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={(values) => save({ custom: { [CUSTOM_FIELDS.consultationId]: values.consultation } })}
    >
      {consultations.length === 0 ? (
        <p>
          <Trans>
            This room has no consultation types to choose from. The clinic will pick the right one for you.
          </Trans>
        </p>
      ) : (
        <ConsultationOptions consultations={consultations} currency={currency} />
      )}
    </StepFrame>
  );
}
