import './profile-fields.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useUpdateProfile } from '@/api/users/mutations';
import type { Profile } from '@/api/users/schemas';
import { isApiError } from '@/api/errors';
import { useSubmit } from '@/components/form';
import { MemorableDateField } from '@/components/form/memorable-date-field';
import { Button } from '@/components/ui/button';
import { FormError, RadioGroupField, TextField } from '@/components/ui/field';
import { browserTimeZone } from '@/lib/dates';
import {
  GENDER_OPTIONS,
  PROFILE_FIELDS,
  PROFILE_LABELS,
  ProfileFormSchema,
  changedFields,
  toFormValues,
  type ProfileFormInput,
  type ProfileFormValues,
} from './profile-form-schema';
import { TimeZoneField } from './time-zone-field';

/** Whether any field, nested ones included (the date's parts), carries the server's refusal. */
function hasServerError(errors: FieldErrors | object): boolean {
  return Object.entries(errors).some(([key, error]) => {
    if (!error || typeof error !== 'object' || key === 'ref') return false;
    return (error as { type?: unknown }).type === 'server' || hasServerError(error as object);
  });
}

/**
 * Every field of POST /me except the avatar and password. Only changed fields are sent; what
 * the server refuses lands on its field, and nothing typed is lost on an error. Staff do not see
 * the patient-only fields (their own primary-care provider); those keep their stored values and
 * are never sent from a staff page.
 */
export function ProfileDetailsForm({
  profile,
  audience = 'patient',
}: {
  profile: Profile;
  audience?: 'patient' | 'staff';
}) {
  const isPatient = audience === 'patient';
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
        setSaved(
          values.gender === '' && initial.gender !== ''
            ? 'Nothing was saved: only the clinic can remove the gender on your record.'
            : 'Nothing has changed, so there was nothing to save.',
        );
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
      if (!field) return null;
      // The date's refusal goes on its first part, which can take focus.
      return { name: field === 'dob' ? 'dob.month' : field, label: PROFILE_LABELS[field] };
    },
    failure: (error) =>
      isApiError(error) ? error.userMessage : 'Your profile could not be saved. Please try again.',
  });
  // A refusal the server put on a field is also said once at the top, until that field changes.
  const refusedByServer = hasServerError(form.formState.errors);
  // POST /me cannot remove a gender: "Prefer not to say" over a saved one keeps the saved one.
  const gender = useWatch({ control: form.control, name: 'gender' });
  const keptGender = GENDER_OPTIONS.find((o) => o.value === initial.gender)?.label;
  const keepsGender = gender === '' && initial.gender !== '';

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
              name="nationality"
              label={PROFILE_LABELS.nationality}
              autoComplete="off"
            />
          </div>
          <MemorableDateField<ProfileFormInput> name="dob" legend={PROFILE_LABELS.dob} autoComplete="bday" />
          <RadioGroupField<ProfileFormInput>
            name="gender"
            label={PROFILE_LABELS.gender}
            options={GENDER_OPTIONS}
          />
          <p className="field-hint gender-note" role="status">
            {keepsGender
              ? `Your record keeps “${keptGender}”: the portal can change a gender but cannot remove one. Ask the clinic if you want it removed.`
              : ''}
          </p>
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
          {isPatient ? (
            <>
              <h3>Primary-care provider</h3>
              <div className="form-grid">
                <TextField<ProfileFormInput>
                  name="pcp_name"
                  label={PROFILE_LABELS.pcp_name}
                  autoComplete="off"
                />
                <TextField<ProfileFormInput>
                  name="pcp_phone"
                  label={PROFILE_LABELS.pcp_phone}
                  hint="10 digits, for example 212 555 0190"
                  type="tel"
                  autoComplete="off"
                  inputMode="tel"
                />
              </div>
            </>
          ) : null}
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
