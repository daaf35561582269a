import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';
import './memorable-date.css';
import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { MONTH_NAMES, type DateParts } from './memorable-date';

const PARTS = ['month', 'day', 'year'] as const satisfies readonly (keyof DateParts)[];
const PART_LABELS: Record<keyof DateParts, MessageDescriptor> = {
  month: msg`Month`,
  day: msg`Day`,
  year: msg`Year`,
};

/**
 * A memorable date (GOV.UK and USWDS pattern) bound to the surrounding form by `name`, whose value
 * is `{month, day, year}` (see `memorableDateSchema`): a fieldset whose legend names the date, a
 * month list by name, and day and year boxes that bring up a number pad. Each part that is wrong
 * is marked and says why, all at once, above the parts; a message on the date as a whole (from
 * the server) is shown there too. `autoComplete="bday"` lets the browser fill the patient's own
 * birthday; leave it off for someone else's date.
 */
export function MemorableDateField<T extends FieldValues>({
  name,
  legend,
  hint = t`For example, April 21 1990.`,
  required,
  autoComplete = 'off',
}: {
  name: Path<T>;
  legend: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  autoComplete?: 'bday' | 'off';
}) {
  const { register, getFieldState, formState } = useFormContext<T>();
  const id = useId();
  const partName = (part: keyof DateParts) => `${name}.${part}` as Path<T>;
  const messageOf = (path: Path<T>) => {
    const message = getFieldState(path, formState).error?.message;
    return typeof message === 'string' && message ? message : undefined;
  };
  const whole = messageOf(name);
  const errors = Object.fromEntries(PARTS.map((part) => [part, messageOf(partName(part))])) as Record<
    keyof DateParts,
    string | undefined
  >;
  const isInvalid = Boolean(whole) || PARTS.some((part) => errors[part]);
  const hintId = hint ? `${id}-hint` : null;
  const describedBy = (part: keyof DateParts) =>
    [hintId, whole ? `${id}-error` : null, errors[part] ? `${id}-${part}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const fill = (part: 'month' | 'day' | 'year') => (autoComplete === 'bday' ? `bday-${part}` : 'off');

  return (
    <fieldset className={`field memorable-date${isInvalid ? ' field-invalid' : ''}`}>
      <legend>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {whole ? (
        <p className="field-error" id={`${id}-error`}>
          {whole}
        </p>
      ) : null}
      {PARTS.map((part) =>
        errors[part] ? (
          <p key={part} className="field-error" id={`${id}-${part}-error`}>
            {errors[part]}
          </p>
        ) : null,
      )}
      <div className="memorable-date-parts">
        <div className="memorable-date-part memorable-date-month">
          <label htmlFor={`${id}-month`}>{i18n._(PART_LABELS.month)}</label>
          <select
            id={`${id}-month`}
            {...register(partName('month'))}
            autoComplete={fill('month')}
            aria-invalid={errors.month || whole ? true : undefined}
            aria-describedby={describedBy('month')}
          >
            <option value="">{t`Choose…`}</option>
            {MONTH_NAMES.map((month, i) => (
              <option key={month.id} value={String(i + 1)}>
                {i18n._(month)}
              </option>
            ))}
          </select>
        </div>
        <div className="memorable-date-part memorable-date-day">
          <label htmlFor={`${id}-day`}>{i18n._(PART_LABELS.day)}</label>
          <input
            id={`${id}-day`}
            type="text"
            inputMode="numeric"
            {...register(partName('day'))}
            autoComplete={fill('day')}
            aria-invalid={errors.day || whole ? true : undefined}
            aria-describedby={describedBy('day')}
          />
        </div>
        <div className="memorable-date-part memorable-date-year">
          <label htmlFor={`${id}-year`}>{i18n._(PART_LABELS.year)}</label>
          <input
            id={`${id}-year`}
            type="text"
            inputMode="numeric"
            {...register(partName('year'))}
            autoComplete={fill('year')}
            aria-invalid={errors.year || whole ? true : undefined}
            aria-describedby={describedBy('year')}
          />
        </div>
      </div>
    </fieldset>
  );
}
