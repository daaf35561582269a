import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useUpdateProfile } from '@/api/users/mutations';
import type { Profile } from '@/api/users/schemas';
import { isApiError } from '@/api/errors';
import { useSubmit } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError, RadioGroupField, TextField } from '@/components/ui/field';
import { browserTimeZone } from '@/lib/dates';
import {
  PROFILE_FIELDS,
  PROFILE_LABELS,
  ProfileFormSchema,
  changedFields,
  toFormValues,
  type ProfileFormInput,
  type ProfileFormValues,
} from './profile-form-schema';
import { TimeZoneField } from './time-zone-field';

const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
];

/**
 * Every field of POST /me except the avatar and password. Only changed fields are sent; what
 * the server refuses lands on its field, and nothing typed is lost on an error.
 */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [initial, setInitial] = useState(() => toFormValues(profile, browserTimeZone()));
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState<string | null>(null);
  const submit = useSubmit({
    form,
    action: async (values) => {
      setSaved(null);
      const changes = changedFields(values, ProfileFormSchema.parse(initial));
      if (Object.keys(changes).length === 0) {
        setSaved('Nothing has changed, so there was nothing to save.');
        return;
      }
      const next = await update.mutateAsync(changes);
      const fresh = toFormValues(next, browserTimeZone());
      setInitial(fresh);
      form.reset(fresh);
      setSaved('Your profile was saved.');
    },
    fields: (refusal) => {
      const field = PROFILE_FIELDS.find((f) => refusal.path.join('.') === f);
      return field ? { name: field, label: PROFILE_LABELS[field] } : null;
    },
    failure: (error) =>
      isApiError(error) ? error.userMessage : 'Your profile could not be saved. Please try again.',
  });
  // A refusal the server put on a field is also said once at the top, until that field changes.
  const refusedByServer = Object.values(form.formState.errors).some((error) => error?.type === 'server');

  return (
    <FormProvider {...form}>
      <form
        className="card profile-form"
        noValidate
        aria-labelledby="profile-details-title"
        onSubmit={submit.onSubmit}
      >
        <h2 id="profile-details-title">Your details</h2>
        <FormError
          message={submit.formError ?? (refusedByServer ? 'Please correct the field marked below.' : null)}
        />
        <fieldset disabled={submit.isBusy} className="plain-fieldset">
          <div className="form-grid">
            <TextField<ProfileFormInput>
              name="first_name"
              label={PROFILE_LABELS.first_name}
              autoComplete="given-name"
              required
            />
            <TextField<ProfileFormInput>
              name="last_name"
              label={PROFILE_LABELS.last_name}
              autoComplete="family-name"
              required
            />
            <TextField<ProfileFormInput>
              name="dob"
              label={PROFILE_LABELS.dob}
              hint="YYYY-MM-DD, for example 1990-04-21"
              autoComplete="bday"
              inputMode="numeric"
            />
            <TextField<ProfileFormInput>
              name="nationality"
              label={PROFILE_LABELS.nationality}
              autoComplete="off"
            />
          </div>
          <RadioGroupField<ProfileFormInput> name="gender" label={PROFILE_LABELS.gender} options={GENDERS} />
          <h3>Contact and address</h3>
          <div className="form-grid">
            <TextField<ProfileFormInput>
              name="phone"
              label={PROFILE_LABELS.phone}
              type="tel"
              autoComplete="tel"
            />
            <TextField<ProfileFormInput>
              name="street_addr"
              label={PROFILE_LABELS.street_addr}
              autoComplete="street-address"
            />
            <TextField<ProfileFormInput>
              name="city"
              label={PROFILE_LABELS.city}
              autoComplete="address-level2"
            />
            <TextField<ProfileFormInput>
              name="state"
              label={PROFILE_LABELS.state}
              hint="2-letter code, for example NY"
              autoComplete="address-level1"
              autoCapitalize="characters"
            />
            <TextField<ProfileFormInput>
              name="zip"
              label={PROFILE_LABELS.zip}
              autoComplete="postal-code"
              inputMode="numeric"
            />
          </div>
          <h3>Primary-care provider</h3>
          <div className="form-grid">
            <TextField<ProfileFormInput> name="pcp_name" label={PROFILE_LABELS.pcp_name} autoComplete="off" />
            <TextField<ProfileFormInput>
              name="pcp_phone"
              label={PROFILE_LABELS.pcp_phone}
              hint="10 digits, for example 212 555 0190"
              type="tel"
              autoComplete="off"
              inputMode="tel"
            />
          </div>
          <h3>Time zone</h3>
          <TimeZoneField<ProfileFormInput> name="timezone" label={PROFILE_LABELS.timezone} />
        </fieldset>
        <div className="form-actions">
          <Button type="submit" isBusy={submit.isBusy} busyLabel="Saving…">
            Save profile
          </Button>
        </div>
        {saved ? (
          <p role="status" className="form-success">
            {saved}
          </p>
        ) : null}
      </form>
    </FormProvider>
  );
}
