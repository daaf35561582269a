import {
  useEffect,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import {
  useFormContext,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, hint, error, required, children }: FieldShellProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function useFieldError<T extends FieldValues>(name: Path<T>): string | undefined {
  const { getFieldState, formState } = useFormContext<T>();
  const message = getFieldState(name, formState).error?.message;
  return typeof message === 'string' ? message : undefined;
}

type BaseProps<T extends FieldValues> = { name: Path<T>; label: ReactNode; hint?: ReactNode };

/** A text input bound to the surrounding react-hook-form by `name`, with a real label and error wiring. */
export function TextField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  ...rest
}: BaseProps<T> & InputHTMLAttributes<HTMLInputElement>) {
  const { register } = useFormContext<T>();
  const id = useId();
  const error = useFieldError<T>(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        {...rest}
        {...register(name)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

export function TextAreaField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  ...rest
}: BaseProps<T> & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { register } = useFormContext<T>();
  const id = useId();
  const error = useFieldError<T>(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        {...rest}
        {...register(name)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  options,
  placeholder,
  ...rest
}: BaseProps<T> & SelectHTMLAttributes<HTMLSelectElement> & { options: Option[]; placeholder?: string }) {
  const { register } = useFormContext<T>();
  const id = useId();
  const error = useFieldError<T>(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        {...rest}
        {...register(name)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxField<T extends FieldValues>({
  name,
  label,
  hint,
  ...rest
}: BaseProps<T> & InputHTMLAttributes<HTMLInputElement>) {
  const { register } = useFormContext<T>();
  const id = useId();
  const error = useFieldError<T>(name);
  return (
    <div className={`field field-checkbox${error ? ' field-invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        {...rest}
        {...register(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function RadioGroupField<T extends FieldValues>({
  name,
  label,
  hint,
  options,
  required,
}: BaseProps<T> & { options: Option[]; required?: boolean }) {
  const { register } = useFormContext<T>();
  const id = useId();
  const error = useFieldError<T>(name);
  return (
    <fieldset
      className={`field field-radio${error ? ' field-invalid' : ''}`}
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {options.map((o) => (
        <label key={o.value} className="radio-option">
          <input type="radio" value={o.value} {...register(name)} /> {o.label}
        </label>
      ))}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One form-level message for errors that belong to no single field. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}

/**
 * The path of the first field with an error, nested ones included (`entries.1.value` in a list of
 * rows), in the order the schema reported them. Null when only a group as a whole is refused.
 */
export function firstErrorPath(errors: object, prefix = ''): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { type?: unknown }).type === 'string') return path;
    const nested = firstErrorPath(value as object, path);
    if (nested) return nested;
  }
  return null;
}

/**
 * Moves focus to a field once the form is enabled again. A form that disables its fieldset while
 * submitting cannot take focus during the submit, so the form library's own focus on the first
 * invalid field can miss (focus stays on the button). `onInvalid` goes to `handleSubmit`'s second
 * argument; `focusLater` is for a field the server refused.
 */
export function useFocusWhenEnabled<T extends FieldValues, C = unknown, V extends FieldValues = T>(
  form: UseFormReturn<T, C, V>,
  /** What disables the form, when it is not the library's own `isSubmitting`. */
  isBusy?: boolean,
) {
  const [target, setTarget] = useState<Path<T> | null>(null);
  const busy = isBusy ?? form.formState.isSubmitting;
  const { setFocus } = form;
  useEffect(() => {
    if (busy || !target) return;
    setFocus(target);
    setTarget(null);
  }, [busy, target, setFocus]);
  const [onInvalid] = useState(() => (errors: FieldErrors<T>) => {
    const first = firstErrorPath(errors);
    if (first) setTarget(first as Path<T>);
  });
  return { focusLater: setTarget, onInvalid };
}
