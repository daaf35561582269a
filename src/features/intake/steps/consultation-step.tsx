import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import type { Consultation, Room } from '@/api/rooms/schemas';
import { CUSTOM_FIELDS, customValue } from '../model/answers';
import { useDraftDefaults } from '../wizard/drafts';
import { StepForm } from './step-form';
import type { StepScreenProps } from './types';

const ConsultationChoiceSchema = z.object({ consultation: z.string() });
type ConsultationChoice = z.infer<typeof ConsultationChoiceSchema>;

/** Consultations a patient may choose: the room's, where `visible_to_patient` is not false. */
export function patientConsultations(room: Room): Consultation[] {
  return (room.payment?.consultations ?? []).filter((c) => c.visible_to_patient !== false);
}

export function formatPrice(c: Consultation, currency: string): string {
  if (c.charge === false || !c.amount) return 'No charge';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      c.amount,
    );
  } catch {
    // An unknown currency code: show the number and the code as sent.
    return `${c.amount} ${currency.toUpperCase()}`;
  }
}

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
      <legend>Which consultation do you need?</legend>
      {consultations.map((c) => (
        <label key={c.id} className="choice">
          <input type="radio" value={c.id} {...register('consultation')} />
          <span className="choice-body">
            <span className="choice-title">{c.description || 'Consultation'}</span>
            <span className="choice-detail">
              {c.duration ? `${c.duration} minutes · ` : ''}
              {formatPrice(c, currency)}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id="consultation-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** `consultation`: the kind of consultation, with its length and price, from the room's settings. */
export function ConsultationStep({ slug, room, intake, submitLabel, backHref, onSubmit }: StepScreenProps) {
  const consultations = patientConsultations(room);
  const ids = new Set(consultations.map((c) => c.id));
  const currency = room.payment?.paymentCurrency ?? room.payment?.currency ?? 'usd';
  const defaultValues = useDraftDefaults<ConsultationChoice>(slug, () => {
    const saved = customValue(intake, CUSTOM_FIELDS.consultationId) ?? '';
    return {
      consultation: ids.has(saved) ? saved : consultations.length === 1 ? (consultations[0]?.id ?? '') : '',
    };
  });
  const schema = ConsultationChoiceSchema.refine(
    (v) => consultations.length === 0 || ids.has(v.consultation),
    {
      message: 'Choose a consultation.',
      path: ['consultation'],
    },
  );
  const form = useForm<ConsultationChoice>({ resolver: zodResolver(schema), defaultValues });
  return (
    <StepForm
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={(values) => onSubmit({ custom: { [CUSTOM_FIELDS.consultationId]: values.consultation } })}
    >
      {consultations.length === 0 ? (
        <p>This room has no consultation types to choose from. The clinic will pick the right one for you.</p>
      ) : (
        <ConsultationOptions consultations={consultations} currency={currency} />
      )}
    </StepForm>
  );
}
