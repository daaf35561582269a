import { t } from '@lingui/core/macro';
import { useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldRefusal, fieldSentence, isApiError, type FieldRefusal } from '@telehealth/client/errors';
import { useFocusWhenEnabled } from '@/components/ui/field';
import { useSingleFlight } from './single-flight';

/** A form field the server's refusal lands on, and the words it is shown under. */
export interface RefusedField<T extends FieldValues> {
  name: Path<T>;
  label: string;
}

export interface SubmitOptions<T extends FieldValues, C = unknown, V extends FieldValues = T> {
  form: UseFormReturn<T, C, V>;
  /** Sends the checked values. Throwing keeps every answer on screen and shows why. */
  action: (values: V) => Promise<void>;
  /**
   * Where a "field: words" refusal from the server goes: a map from the path the server names
   * (`pcp_phone`, `insurances.1.guarantor_zip` below `under`) to a field and its label, or a
   * function for paths with indexes. A refusal that lands on no field becomes the form's message.
   */
  fields?: Readonly<Record<string, RefusedField<T>>> | ((refusal: FieldRefusal) => RefusedField<T> | null);
  /** Only refusals below this path are this form's (`data` for a record section); it is removed. */
  under?: string;
  /** The form-level words for a failure that names no field (default: the error's safe message). */
  failure?: (error: unknown) => string;
}

const fallbackFailure = (error: unknown) =>
  isApiError(error)
    ? error.userMessage
    : t`Saving did not work. Your answers are still here: please try again.`;

/**
 * The one way a form submits: single flight (`useSingleFlight`), a busy state for the button and
 * the fieldset, the first invalid field focused once the form is enabled again, the server's field
 * refusals put onto their fields through the one parser (`fieldRefusal` in api/errors.ts) and
 * focused, and any other failure as one form-level message (`formError`, for `<FormError>`).
 */
export function useSubmit<T extends FieldValues, C = unknown, V extends FieldValues = T>({
  form,
  action,
  fields,
  under,
  failure = fallbackFailure,
}: SubmitOptions<T, C, V>) {
  const [formError, setFormError] = useState<string | null>(null);
  const flight = useSingleFlight(
    async (
      event: FormEvent<HTMLFormElement> | undefined,
      focus: ReturnType<typeof useFocusWhenEnabled<T, C, V>>,
    ) => {
      setFormError(null);
      await form.handleSubmit(async (values) => {
        try {
          await action(values);
        } catch (error) {
          const refused = refusedField(error, fields, under);
          if (refused) {
            form.setError(refused.field.name, { type: 'server', message: refused.message });
            focus.focusLater(refused.field.name);
          } else setFormError(failure(error));
        }
      }, focus.onInvalid)(event);
    },
  );
  // Focus waits until the fieldset is enabled again (a disabled field cannot take it).
  const focus = useFocusWhenEnabled(form, flight.isBusy);

  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    void flight.run(event, focus);
  };

  return { onSubmit, isBusy: flight.isBusy, formError, setFormError };
}

function refusedField<T extends FieldValues>(
  error: unknown,
  fields: SubmitOptions<T>['fields'],
  under: string | undefined,
): { field: RefusedField<T>; message: string } | null {
  if (!fields) return null;
  const refusal = fieldRefusal(error, under === undefined ? {} : { under });
  if (!refusal) return null;
  const field = typeof fields === 'function' ? fields(refusal) : fields[refusal.path.join('.')];
  return field ? { field, message: fieldSentence(field.label, refusal.text) } : null;
}
