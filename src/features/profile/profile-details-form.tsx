import './profile-fields.css';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useUpdateProfile } from '@/api/users/mutations';
import type { Profile } from '@telehealth/client/users/schemas';
import { isApiError } from '@telehealth/client/errors';
import { useSubmit } from '@/components/form';
import { MemorableDateField } from '@/components/form/memorable-date-field';
import { Button } from '@/components/ui/button';
import { FormError, RadioGroupField, TextField } from '@/components/ui/field';
import { browserTimeZone } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import {
  GENDER_OPTIONS,
  PROFILE_FIELDS,
  ProfileFormSchema,
  changedFields,
  genderOptions,
  profileLabel,
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
            ? t`Nothing was saved: only the clinic can remove the gender on your record.`
            : t`Nothing has changed, so there was nothing to save.`,
        );
        return;
      }
      const next = await update.mutateAsync(changes);
      const fresh = toFormValues(next, browserTimeZone());
      setInitial(fresh);
      form.reset(fresh);
      setSaved(t`Your profile was saved.`);
    },
    fields: (refusal) => {
      const field = PROFILE_FIELDS.find((f) => refusal.path.join('.') === f);
      if (!field) return null;
      // The date's refusal goes on its first part, which can take focus.
      return { name: field === 'dob' ? 'dob.month' : field, label: profileLabel(field) };
    },
    failure: (error) =>
      isApiError(error) ? error.userMessage : t`Your profile could not be saved. Please try again.`,
  });
  // A refusal the server put on a field is also said once at the top, until that field changes.
  const refusedByServer = hasServerError(form.formState.errors);
  // POST /me cannot remove a gender: "Prefer not to say" over a saved one keeps the saved one.
  const gender = useWatch({ control: form.control, name: 'gender' });
  const keptLabel = GENDER_OPTIONS.find((o) => o.value === initial.gender)?.label;
  const keptGender = keptLabel ? i18n._(keptLabel) : '';
  const keepsGender = gender === '' && initial.gender !== '';

  return (
    <FormProvider {...form}>
      <form
        className="card profile-form"
        noValidate
        aria-labelledby="profile-details-title"
        onSubmit={submit.onSubmit}
      >
        <h2 id="profile-details-title">
          <Trans>Your details</Trans>
        </h2>
        <FormError
          message={submit.formError ?? (refusedByServer ? t`Please correct the field marked below.` : null)}
        />
        <fieldset disabled={submit.isBusy} className="plain-fieldset">
          <div className="form-grid">
            <TextField<ProfileFormInput>
              name="first_name"
              label={profileLabel('first_name')}
              autoComplete="given-name"
              required
            />
            <TextField<ProfileFormInput>
              name="last_name"
              label={profileLabel('last_name')}
              autoComplete="family-name"
              required
            />
            <TextField<ProfileFormInput>
              name="nationality"
              label={profileLabel('nationality')}
              autoComplete="off"
            />
          </div>
          <MemorableDateField<ProfileFormInput> name="dob" legend={profileLabel('dob')} autoComplete="bday" />
          <RadioGroupField<ProfileFormInput>
            name="gender"
            label={profileLabel('gender')}
            options={genderOptions()}
          />
          <p className="field-hint gender-note" role="status">
            {keepsGender
              ? t`Your record keeps “${keptGender}”: the portal can change a gender but cannot remove one. Ask the clinic if you want it removed.`
              : ''}
          </p>
          <h3>
            <Trans>Contact and address</Trans>
          </h3>
          <div className="form-grid">
            <TextField<ProfileFormInput>
              name="phone"
              label={profileLabel('phone')}
              type="tel"
              autoComplete="tel"
            />
            <TextField<ProfileFormInput>
              name="street_addr"
              label={profileLabel('street_addr')}
              autoComplete="street-address"
            />
            <TextField<ProfileFormInput>
              name="city"
              label={profileLabel('city')}
              autoComplete="address-level2"
            />
            <TextField<ProfileFormInput>
              name="state"
              label={profileLabel('state')}
              hint={t`2-letter code, for example NY`}
              autoComplete="address-level1"
              autoCapitalize="characters"
            />
            <TextField<ProfileFormInput>
              name="zip"
              label={profileLabel('zip')}
              autoComplete="postal-code"
              inputMode="numeric"
            />
          </div>
          {isPatient ? (
            <>
              <h3>
                <Trans>Primary-care provider</Trans>
              </h3>
              <div className="form-grid">
                <TextField<ProfileFormInput>
                  name="pcp_name"
                  label={profileLabel('pcp_name')}
                  autoComplete="off"
                />
                <TextField<ProfileFormInput>
                  name="pcp_phone"
                  label={profileLabel('pcp_phone')}
                  hint={t`10 digits, for example 212 555 0190`}
                  type="tel"
                  autoComplete="off"
                  inputMode="tel"
                />
              </div>
            </>
          ) : null}
          <h3>
            <Trans>Time zone</Trans>
          </h3>
          <TimeZoneField<ProfileFormInput> name="timezone" label={profileLabel('timezone')} />
        </fieldset>
        <div className="form-actions">
          <Button type="submit" isBusy={submit.isBusy} busyLabel={t`Saving…`}>
            <Trans>Save profile</Trans>
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
