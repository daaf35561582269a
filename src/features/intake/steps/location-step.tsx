import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { userQueries } from '@/api/users/queries';
import { SelectField, TextField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { US_STATES } from '../model/us-states';
import { StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

const LocationSchema = z.object({
  location: z
    .string()
    .refine((v) => STATE_CODES.has(v), { error: () => t`Choose the state you are in right now.` }),
  phone: z
    .string()
    .trim()
    .min(1, { error: () => t`Enter a phone number the clinic can call you on.` })
    .refine((v) => /^[\d\s()+.-]+$/.test(v), {
      error: () => t`Use digits, spaces, + - . and parentheses only.`,
    })
    .refine(
      (v) => {
        const digits = v.replace(/\D/g, '').length;
        return digits >= 10 && digits <= 15;
      },
      { error: () => t`Enter the full number, with area code (10 to 15 digits).` },
    ),
});
type LocationValues = z.infer<typeof LocationSchema>;

/** `location`: the state the patient is in now (clinicians may only treat where they are licensed) and a phone number. */
/** Why the clinic asks for the phone, in the words of the visit's kind. */
const PHONE_HINT: Record<StepScreenProps['visitKind'], MessageDescriptor> = {
  walkin: msg`We call this number if the video connection drops.`,
  appointment: msg`We call this number if the video connection drops.`,
  econsult: msg`The clinic calls this number if it needs to reach you about your e-consult.`,
};

export function LocationStep({ slug, intake, submitLabel, backHref, save, visitKind }: StepScreenProps) {
  const defaultValues = useDraftDefaults<LocationValues>(slug, () => {
    const saved = typeof intake?.location === 'string' ? intake.location.toUpperCase() : '';
    return {
      location: STATE_CODES.has(saved) ? saved : '',
      phone: typeof intake?.phone === 'string' ? intake.phone : '',
    };
  });
  const form = useForm<LocationValues>({ resolver: zodResolver(LocationSchema), defaultValues });
  // The profile's phone is offered when neither the intake nor a draft has one (never over typing).
  const me = useQuery(userQueries.me());
  const profilePhone = typeof me.data?.phone === 'string' ? me.data.phone.trim() : '';
  useEffect(() => {
    if (!profilePhone || form.getValues('phone') || form.getFieldState('phone').isDirty) return;
    form.setValue('phone', profilePhone);
  }, [profilePhone, form]);
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={(values) => save({ fields: { location: values.location, phone: values.phone } })}
    >
      <SelectField<LocationValues>
        name="location"
        label={t`Which state are you in right now?`}
        hint={t`Clinicians can only see you in states where they are licensed.`}
        required
        placeholder={t`Choose a state`}
        options={US_STATES.map((s) => ({ value: s.code, label: s.name }))}
      />
      <TextField<LocationValues>
        name="phone"
        label={t`Phone number`}
        hint={i18n._(PHONE_HINT[visitKind])}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
      />
    </StepFrame>
  );
}
