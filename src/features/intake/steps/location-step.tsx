import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, TextField } from '@/components/ui/field';
import { US_STATES } from '../model/us-states';
import { StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

const LocationSchema = z.object({
  location: z.string().refine((v) => STATE_CODES.has(v), 'Choose the state you are in right now.'),
  phone: z
    .string()
    .trim()
    .min(1, 'Enter a phone number we can call if the video drops.')
    .refine((v) => /^[\d\s()+.-]+$/.test(v), 'Use digits, spaces, + - . and parentheses only.')
    .refine((v) => {
      const digits = v.replace(/\D/g, '').length;
      return digits >= 10 && digits <= 15;
    }, 'Enter the full number, with area code (10 to 15 digits).'),
});
type LocationValues = z.infer<typeof LocationSchema>;

/** `location`: the state the patient is in now (clinicians may only treat where they are licensed) and a phone number. */
export function LocationStep({ slug, intake, submitLabel, backHref, save }: StepScreenProps) {
  const defaultValues = useDraftDefaults<LocationValues>(slug, () => {
    const saved = typeof intake?.location === 'string' ? intake.location.toUpperCase() : '';
    return {
      location: STATE_CODES.has(saved) ? saved : '',
      phone: typeof intake?.phone === 'string' ? intake.phone : '',
    };
  });
  const form = useForm<LocationValues>({ resolver: zodResolver(LocationSchema), defaultValues });
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
        label="Which state are you in right now?"
        hint="Clinicians can only see you in states where they are licensed."
        required
        placeholder="Choose a state"
        options={US_STATES.map((s) => ({ value: s.code, label: s.name }))}
      />
      <TextField<LocationValues>
        name="phone"
        label="Phone number"
        hint="We call this number if the video connection drops."
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
      />
    </StepFrame>
  );
}
