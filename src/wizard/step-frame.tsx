import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '@telehealth/client/errors';
import { Button } from '@/components/ui/button';
import { useSubmit } from '@/components/form';
import { FormError } from '@/components/ui/field';
import { useDrafts } from './drafts';

export interface StepFrameProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  slug: string;
  submitLabel: string;
  backHref: string | null;
  onValid: (values: T) => Promise<void>;
  /** A message to show before any submit (a later step sent the patient back here). */
  failure?: string | null;
  children?: ReactNode;
}

/**
 * An error whose message is written for the patient: the wizard's own failures, and a
 * `beforeVisit` hook's refusal (a declined card), which sends the patient back to its step.
 */
export class StepFailure extends Error {
  override name = 'StepFailure';
  /** The code of the step the patient should be sent back to (for a failure found after that step). */
  readonly stepCode: string | undefined;
  constructor(message: string, options: { cause?: unknown; stepCode?: string } = {}) {
    super(message, { cause: options.cause });
    this.stepCode = options.stepCode;
  }
}

function failureMessage(error: unknown, submitLabel: string): string {
  if (error instanceof StepFailure) {
    const reason = error.message;
    return t`${reason} Press “${submitLabel}” to try again.`;
  }
  const reason = isApiError(error) ? error.userMessage : t`Something went wrong while saving.`;
  return t`${reason} Your answers are still here: press “${submitLabel}” to try again.`;
}

/**
 * The frame of every step: a form that submits through `useSubmit` (a double click or Enter plus
 * click sends once), a busy button, a disabled fieldset while saving, a form-level error that keeps
 * every answer on screen, and Back. Unsaved answers are kept in memory when the patient leaves.
 */
export function StepFrame<T extends FieldValues>({
  form,
  slug,
  submitLabel,
  backHref,
  onValid,
  failure: arrivalFailure = null,
  children,
}: StepFrameProps<T>) {
  const savedRef = useRef(false);
  /** The message a later step sent the patient back with, until the next submit. */
  const [arrival, setArrival] = useState<string | null>(arrivalFailure);
  const drafts = useDrafts();
  const submit = useSubmit({
    form,
    action: async (values) => {
      await onValid(values);
      savedRef.current = true;
      drafts.clear(slug);
    },
    failure: (error) => failureMessage(error, submitLabel),
  });

  useEffect(
    () => () => {
      if (!savedRef.current) drafts.stash(slug, form.getValues());
    },
    [drafts, slug, form],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setArrival(null);
    submit.onSubmit(event);
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="step-form">
        <fieldset disabled={submit.isBusy} className="step-fieldset">
          {children}
          <FormError message={submit.formError ?? arrival} />
          <div className="step-actions">
            {backHref ? (
              <Link to={backHref} className="btn btn-secondary">
                <Trans context="button: previous step">Back</Trans>
              </Link>
            ) : null}
            <Button type="submit" isBusy={submit.isBusy} busyLabel={t`Saving…`}>
              {submitLabel}
            </Button>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
