import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { fieldRefusal, fieldSentence, isApiError } from '@/api/errors';
import { useUpdateProfile } from '@/api/users/mutations';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import { PasswordFormSchema, type PasswordFormValues } from './profile-form-schema';

const EMPTY: PasswordFormValues = { old_password: '', password: '', confirm: '' };

/** The fields the server may name in a refusal, with the words it is shown under. */
const LABELS = { old_password: 'Current password', password: 'New password' } as const;

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
  const submitting = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const onSubmit = async (values: PasswordFormValues) => {
    if (submitting.current) return;
    submitting.current = true;
    setFormError(null);
    setSaved(false);
    try {
      await update.mutateAsync(
        values.old_password
          ? { password: values.password, old_password: values.old_password }
          : { password: values.password },
      );
      form.reset(EMPTY);
      setSaved(true);
    } catch (error) {
      const refusal = fieldRefusal(error);
      const field = refusal?.path.join('.');
      if (refusal && (field === 'old_password' || field === 'password'))
        form.setError(
          field,
          { type: 'server', message: fieldSentence(LABELS[field], refusal.text) },
          { shouldFocus: true },
        );
      else
        setFormError(
          isApiError(error) ? error.userMessage : 'Your password could not be changed. Please try again.',
        );
    } finally {
      submitting.current = false;
    }
  };

  return (
    <FormProvider {...form}>
      <form
        className="card profile-form"
        noValidate
        aria-labelledby="password-title"
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <h2 id="password-title">Password</h2>
        <FormError message={formError} />
        <fieldset disabled={update.isPending} className="plain-fieldset">
          <TextField<PasswordFormValues>
            name="old_password"
            label="Current password"
            hint="Leave this empty if you have never set a password."
            type="password"
            autoComplete="current-password"
          />
          <TextField<PasswordFormValues>
            name="password"
            label="New password"
            hint="At least 8 characters."
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField<PasswordFormValues>
            name="confirm"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            required
          />
        </fieldset>
        <div className="form-actions">
          <Button type="submit" isBusy={update.isPending} busyLabel="Saving…">
            Save password
          </Button>
        </div>
        {saved ? (
          <p role="status" className="form-success">
            Your password was saved.
          </p>
        ) : null}
      </form>
    </FormProvider>
  );
}
