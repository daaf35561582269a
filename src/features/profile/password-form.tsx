import './profile-fields.css';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ApiError, fieldRefusal, isApiError } from '@telehealth/client/errors';
import { useUpdateProfile } from '@/api/users/mutations';
import { useSubmit } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import { PasswordFormSchema, type PasswordFormValues } from './profile-form-schema';

const EMPTY: PasswordFormValues = { old_password: '', password: '', confirm: '' };

/** The fields the server may name in a refusal, with the words it is shown under. */
const refusedFields = () =>
  ({
    old_password: { name: 'old_password', label: t`Current password` },
    password: { name: 'password', label: t`New password` },
  }) as const;

/**
 * A refusal of the current password that the patient did type means it was wrong: it is said in
 * the portal's words whatever the server's are, and still lands on its field the usual way.
 */
function isWrongCurrent(error: unknown, typedCurrent: boolean): error is ApiError {
  return typedCurrent && fieldRefusal(error)?.path.join('.') === 'old_password';
}
function inOurWords(error: ApiError): ApiError {
  const wrongCurrent = t`That isn’t your current password. Check it and try again.`;
  return new ApiError({
    kind: error.kind,
    status: error.status,
    code: error.code,
    serverMessage: `old_password: ${wrongCurrent}`,
    body: error.body,
    cause: error,
  });
}

/**
 * POST /me password: sent alone the first time one is set, with `old_password` to change it.
 * The profile does not say whether a password exists, so the current one is optional here and
 * the server says when it is needed.
 */
export function PasswordForm() {
  const update = useUpdateProfile();
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState(false);
  const submit = useSubmit({
    form,
    action: async (values) => {
      setSaved(false);
      try {
        await update.mutateAsync(
          values.old_password
            ? { password: values.password, old_password: values.old_password }
            : { password: values.password },
        );
      } catch (error) {
        if (isWrongCurrent(error, values.old_password !== '')) throw inOurWords(error);
        throw error;
      }
      form.reset(EMPTY);
      setSaved(true);
    },
    fields: refusedFields(),
    failure: (error) =>
      isApiError(error) ? error.userMessage : t`Your password could not be changed. Please try again.`,
  });

  return (
    <FormProvider {...form}>
      <form
        className="card profile-form"
        noValidate
        aria-labelledby="password-title"
        onSubmit={submit.onSubmit}
      >
        <h2 id="password-title">
          <Trans>Password</Trans>
        </h2>
        <FormError message={submit.formError} />
        <fieldset disabled={submit.isBusy} className="plain-fieldset">
          <TextField<PasswordFormValues>
            name="old_password"
            label={t`Current password`}
            hint={t`Leave this empty if you have never set a password.`}
            type="password"
            autoComplete="current-password"
          />
          <TextField<PasswordFormValues>
            name="password"
            label={t`New password`}
            hint={t`At least 8 characters.`}
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField<PasswordFormValues>
            name="confirm"
            label={t`Repeat the new password`}
            type="password"
            autoComplete="new-password"
            required
          />
        </fieldset>
        <div className="form-actions">
          <Button type="submit" isBusy={submit.isBusy} busyLabel={t`Saving…`}>
            <Trans>Save password</Trans>
          </Button>
        </div>
        {saved ? (
          <p role="status" className="form-success">
            <Trans>Your password was saved.</Trans>
          </p>
        ) : null}
      </form>
    </FormProvider>
  );
}
