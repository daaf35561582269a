import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import {
  CUSTOM_FIELDS,
  customSeconds,
  customValue,
  providerIdOf,
  StepFrame,
  type StepScreenProps,
  useDraftDefaults,
} from '@/wizard';
import { isSlotTaken } from './appointments/appointment-words';
import { SlotPicker } from './components/slot-picker';

const ChosenTimeSchema = z
  .object({ slotId: z.string(), start: z.number(), end: z.number(), providerId: z.string() })
  .refine((v) => v.start > 0 && v.end > v.start, {
    error: () => t`Choose a time for your appointment.`,
    path: ['start'],
  });
type ChosenTime = z.infer<typeof ChosenTimeSchema>;

const NONE: ChosenTime = { slotId: '', start: 0, end: 0, providerId: '' };

/**
 * `schedule`: the appointment's time, from the room's open times for the chosen consultation (and
 * the provider chosen on the provider step, and the patient's state). The slot's provider is saved
 * as `slot_provider_id` only, so a patient who left the provider open is not tied to one later. The chosen slot is saved on the intake; the wizard books it
 * when the intake steps are done. When that booking was refused because someone else took the time,
 * the wizard sends the patient back here and the nearest open times around the lost one come first.
 */
export function ScheduleStep(props: StepScreenProps) {
  const { slug, room, intake, consultation } = props;
  const zone = useViewerTimeZone();
  const savedStart = customSeconds(intake, CUSTOM_FIELDS.slotStart);
  const savedEnd = customSeconds(intake, CUSTOM_FIELDS.slotEnd);
  // Sent back after a refused booking: the saved time is gone, offer its neighbours.
  const [lostStart, setLostStart] = useState<number | null>(() =>
    props.failure && savedStart !== null ? savedStart : null,
  );
  const defaultValues = useDraftDefaults<ChosenTime>(slug, () =>
    savedStart !== null && savedEnd !== null && lostStart === null
      ? {
          slotId: '',
          start: savedStart,
          end: savedEnd,
          providerId: customValue(intake, CUSTOM_FIELDS.slotProviderId) ?? '',
        }
      : NONE,
  );
  const form = useForm<ChosenTime>({ resolver: zodResolver(ChosenTimeSchema), defaultValues });
  const chosen = useWatch({ control: form.control });
  const error = form.formState.errors.start?.message;
  const location =
    typeof intake?.['location'] === 'string' && intake['location'] ? intake['location'] : undefined;
  const chosenProvider = providerIdOf(intake) ?? undefined;
  const chosenTime = formatDateTime(chosen.start ?? 0, zone);
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={props.submitLabel}
      backHref={props.backHref}
      failure={props.failure}
      onValid={async (values) => {
        try {
          await props.save({
            custom: {
              [CUSTOM_FIELDS.slotStart]: String(values.start),
              [CUSTOM_FIELDS.slotEnd]: String(values.end),
              [CUSTOM_FIELDS.slotProviderId]: values.providerId,
            },
          });
        } catch (error) {
          // Someone else booked the time first: offer its neighbours, freshly loaded; the frame shows why.
          if (isSlotTaken(error) || (error instanceof Error && isSlotTaken(error.cause))) {
            setLostStart(values.start);
            form.reset(NONE);
          }
          throw error;
        }
      }}
    >
      <fieldset className="field" aria-describedby={error ? 'schedule-error' : undefined}>
        <legend>
          <Trans>Choose a time</Trans>
        </legend>
        <SlotPicker
          key={lostStart ?? 'first'}
          roomCode={room.code}
          zone={zone}
          clinicZone={room.operation_settings?.default_timezone ?? null}
          consultationId={consultation?.id}
          providerId={chosenProvider}
          location={location}
          isGroup={consultation?.group === true}
          selected={
            (chosen.start ?? 0) > 0
              ? {
                  slotId: chosen.slotId ?? '',
                  start: chosen.start ?? 0,
                  end: chosen.end ?? 0,
                  providerId: chosen.providerId || null,
                }
              : null
          }
          onSelect={(slot) => {
            form.setValue('slotId', slot.slotId);
            form.setValue('end', slot.end);
            form.setValue('providerId', slot.providerId ?? '');
            form.setValue('start', slot.start, { shouldValidate: form.formState.isSubmitted });
          }}
          lostStart={lostStart}
        />
        {(chosen.start ?? 0) > 0 ? (
          <p className="selected-time" role="status">
            <Trans>Your time: {chosenTime}</Trans>
          </p>
        ) : null}
        {error ? (
          <p className="field-error" id="schedule-error">
            {error}
          </p>
        ) : null}
      </fieldset>
    </StepFrame>
  );
}
