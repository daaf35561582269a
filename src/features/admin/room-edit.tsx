import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { roomCurrency } from '@/api/rooms/consultations';
import { fieldRefusal, fieldSentence, isApiError } from '@telehealth/client/errors';
import { useUpdateRoom } from '@/api/rooms/mutations';
import {
  CONSULTATION_DESCRIPTION_MAX,
  CONSULTATION_DURATION,
  WEEKDAYS,
  hasAtMostTwoDecimals,
  type RoomUpdateInput,
} from '@telehealth/client/rooms/room-update';
import type { Room } from '@telehealth/client/rooms/schemas';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormError, RadioGroupField, TextAreaField, TextField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { hasMarkup, sanitizeHtml } from '@/lib/sanitize';

const { min: MIN_MINUTES, max: MAX_MINUTES } = CONSULTATION_DURATION;

const EditSchema = z.object({
  hours: z.enum(['always', 'scheduled']),
  closed_days: z.array(z.enum(WEEKDAYS)),
  close_msg: z
    .string()
    .trim()
    .max(500, { error: () => t`Keep the message under 500 characters` }),
  consultations: z.array(
    z.object({
      id: z.string(),
      description: z
        .string()
        .trim()
        .min(1, { error: () => t`Describe the consultation` })
        .max(CONSULTATION_DESCRIPTION_MAX, {
          error: () => {
            const max = CONSULTATION_DESCRIPTION_MAX;
            return t`Keep it under ${max} characters`;
          },
        }),
      duration: z
        .string()
        .trim()
        .regex(/^\d+$/, { error: () => t`Enter whole minutes` })
        .refine((v) => Number(v) >= MIN_MINUTES && Number(v) <= MAX_MINUTES, {
          error: () => {
            const min = MIN_MINUTES;
            const max = MAX_MINUTES;
            return t`Between ${min} and ${max} minutes`;
          },
        }),
      amount: z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, { error: () => t`Enter 0 or more, with at most two decimals` })
        .refine((v) => hasAtMostTwoDecimals(Number(v))),
    }),
  ),
});
type EditValues = z.infer<typeof EditSchema>;

const isWeekday = (day: string): day is (typeof WEEKDAYS)[number] =>
  (WEEKDAYS as readonly string[]).includes(day);

function valuesOf(room: Room): EditValues {
  const ops = room.operation_settings;
  return {
    hours: ops?.is_open_all_time === true ? 'always' : 'scheduled',
    closed_days: (ops?.closed_days ?? []).filter(isWeekday),
    close_msg: ops?.close_msg ?? '',
    consultations: (room.payment?.consultations ?? []).map((c) => ({
      id: String(c.id),
      description: c.description ?? '',
      duration: c.duration === undefined ? '' : String(c.duration),
      amount: c.amount === undefined ? '0' : String(c.amount),
    })),
  };
}

/**
 * Only what changed, as a partial room (docs/spec-decisions.md, "Editing a room"). Consultations go
 * as the whole list, each as read with the edited fields replaced, so nothing is lost on a server
 * that replaces the list.
 */
function changesOf(room: Room, initial: EditValues, values: EditValues): RoomUpdateInput {
  const ops: NonNullable<RoomUpdateInput['operation_settings']> = {};
  const allTime = values.hours === 'always';
  const days = allTime ? [] : WEEKDAYS.filter((d) => values.closed_days.includes(d));
  if (values.hours !== initial.hours) ops.is_open_all_time = allTime;
  if (
    values.hours !== initial.hours ||
    days.join() !== WEEKDAYS.filter((d) => initial.closed_days.includes(d)).join()
  )
    ops.closed_days = days;
  if (values.close_msg.trim() !== initial.close_msg.trim()) ops.close_msg = values.close_msg.trim();
  const input: RoomUpdateInput = {};
  if (Object.keys(ops).length) input.operation_settings = ops;
  const changed = values.consultations.some((c, i) => {
    const was = initial.consultations[i];
    return (
      !was ||
      c.description.trim() !== was.description.trim() ||
      Number(c.duration) !== Number(was.duration) ||
      Number(c.amount) !== Number(was.amount)
    );
  });
  if (changed) {
    input.payment = {
      consultations: (room.payment?.consultations ?? []).map((stored, i) => {
        const edited = values.consultations[i];
        return edited
          ? {
              ...stored,
              id: String(stored.id),
              description: edited.description.trim(),
              duration: Number(edited.duration),
              amount: Number(edited.amount),
            }
          : { ...stored, id: String(stored.id) };
      }),
    };
  }
  return input;
}

/** Maps a refused field of the request body onto the form's field. */
function formField(path: string[]): Path<EditValues> | null {
  const [head, second, index, leaf] = path;
  if (head === 'operation_settings') {
    if (second === 'close_msg') return 'close_msg';
    if (second === 'closed_days') return 'closed_days';
    if (second === 'is_open_all_time') return 'hours';
    return null;
  }
  if (head === 'payment' && second === 'consultations' && index !== undefined && /^\d+$/.test(index)) {
    if (leaf === 'description' || leaf === 'duration' || leaf === 'amount')
      return `consultations.${Number(index)}.${leaf}`;
  }
  return null;
}

/** The subject put before the server's words on a refused field ("The price must not exceed 5000."). */
const FIELD_LABEL: Record<string, MessageDescriptor> = {
  close_msg: msg`The closing message`,
  closed_days: msg`The closed days`,
  hours: msg`The hours`,
  description: msg`The description`,
  duration: msg`The duration`,
  amount: msg`The price`,
};

/** The days of the week in words; the values sent to the server stay the English day names. */
const WEEKDAY_LABEL: Record<(typeof WEEKDAYS)[number], MessageDescriptor> = {
  Monday: msg`Monday`,
  Tuesday: msg`Tuesday`,
  Wednesday: msg`Wednesday`,
  Thursday: msg`Thursday`,
  Friday: msg`Friday`,
  Saturday: msg`Saturday`,
  Sunday: msg`Sunday`,
};

/** The room's hours, closing message and consultations, saved with `PUT /rooms/{code}`. */
export function RoomEdit({ room }: { room: Room }) {
  const mutation = useUpdateRoom(room.code);
  const [initial, setInitial] = useState(() => valuesOf(room));
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<EditValues>({ resolver: zodResolver(EditSchema), defaultValues: initial });
  const consultations = useFieldArray({ control: form.control, name: 'consultations', keyName: 'key' });
  const hours = useWatch({ control: form.control, name: 'hours' });
  const currency = roomCurrency(room);
  const formatted = sanitizeHtml(room.operation_settings?.close_message?.html);
  const timeZone = room.operation_settings?.default_timezone;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    setDone(null);
    const input = changesOf(room, initial, values);
    if (!input.operation_settings && !input.payment) {
      setDone(t`Nothing has changed.`);
      return;
    }
    try {
      const saved = await mutation.mutateAsync(input);
      const next = valuesOf(saved);
      setInitial(next);
      form.reset(next);
      setDone(t`The room’s changes are saved.`);
    } catch (error) {
      const refusal = fieldRefusal(error);
      const field = refusal ? formField(refusal.path) : null;
      if (refusal && field) {
        // The server's words on the field they are about; everything typed stays.
        const leaf = field.split('.').pop() ?? field;
        const subject = FIELD_LABEL[leaf];
        form.setError(
          field,
          {
            message: fieldSentence(
              subject
                ? i18n._(subject)
                : t({ message: 'This', context: 'subject of a sentence about a field' }),
              refusal.text,
            ),
          },
          { shouldFocus: true },
        );
        return;
      }
      setServerError(
        isApiError(error) ? error.userMessage : t`The changes were not saved. Please try again.`,
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form className="card" noValidate aria-labelledby="room-edit" onSubmit={(e) => void submit(e)}>
        <h2 id="room-edit">
          <Trans>Edit the room</Trans>
        </h2>
        <fieldset disabled={mutation.isPending} className="room-edit-fields">
          <h3>
            <Trans>Hours</Trans>
          </h3>
          <RadioGroupField<EditValues>
            name="hours"
            label={t`When the room is open`}
            options={[
              { value: 'always', label: t`Open all the time` },
              { value: 'scheduled', label: t`Open on a schedule` },
            ]}
          />
          {hours === 'scheduled' ? (
            <fieldset className="field">
              <legend>
                <Trans>Closed days</Trans>
              </legend>
              {WEEKDAYS.map((day) => (
                <CheckboxField<EditValues>
                  key={day}
                  name="closed_days"
                  value={day}
                  label={i18n._(WEEKDAY_LABEL[day])}
                />
              ))}
              {form.formState.errors.closed_days?.message ? (
                <p className="field-error">{form.formState.errors.closed_days.message}</p>
              ) : null}
            </fieldset>
          ) : null}
          {timeZone ? (
            <p className="field-hint">
              <Trans>Hours follow the room’s time zone, {timeZone}.</Trans>
            </p>
          ) : null}

          <h3>
            <Trans>Closing message</Trans>
          </h3>
          <TextAreaField<EditValues>
            name="close_msg"
            label={t`Closing message`}
            hint={t`Shown to patients as plain text while the room is closed.`}
            rows={3}
          />
          {hasMarkup(formatted) ? (
            <div>
              <p className="field-hint">
                <Trans>The formatted message set in the clinic dashboard, as patients see it:</Trans>
              </p>
              {/* Sanitised by lib/sanitize, as on the patient's room page. */}
              <div
                className="room-closed-message wrap-anywhere"
                dangerouslySetInnerHTML={{ __html: formatted }}
              />
            </div>
          ) : null}

          <h3>
            <Trans>Consultations</Trans>
          </h3>
          {consultations.fields.length === 0 ? (
            <p>
              <Trans>This room has no consultations.</Trans>
            </p>
          ) : null}
          {consultations.fields.map((field, index) => {
            const number = index + 1;
            const min = MIN_MINUTES;
            const max = MAX_MINUTES;
            return (
              <fieldset key={field.key} className="field room-edit-consultation">
                <legend>
                  <Trans>Consultation {number}</Trans>
                </legend>
                <TextField<EditValues>
                  name={`consultations.${index}.description`}
                  label={t`Description of consultation ${number}`}
                  maxLength={CONSULTATION_DESCRIPTION_MAX}
                />
                <TextField<EditValues>
                  name={`consultations.${index}.duration`}
                  label={t`Minutes of consultation ${number}`}
                  hint={t`Whole minutes, ${min} to ${max}.`}
                  inputMode="numeric"
                />
                <TextField<EditValues>
                  name={`consultations.${index}.amount`}
                  label={t`Price of consultation ${number} (${currency})`}
                  hint={t`0 means no charge.`}
                  inputMode="decimal"
                />
              </fieldset>
            );
          })}
        </fieldset>
        <FormError message={serverError} />
        <p role="status" aria-live="polite">
          {done}
        </p>
        <Button type="submit" isBusy={mutation.isPending} busyLabel={t`Saving…`}>
          <Trans>Save room changes</Trans>
        </Button>
      </form>
    </FormProvider>
  );
}
