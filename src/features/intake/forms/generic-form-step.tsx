import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField, RadioGroupField, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import {
  customFieldsFrom,
  fieldsOf,
  schemaOf,
  valuesFromIntake,
  type GenericField,
  type GenericValues,
} from './build-schema';
import { calendarDateIn } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

function FieldFor({ field, today }: { field: GenericField; today: string }) {
  const common = { name: field.name, label: field.label, required: field.isRequired };
  const limit = field.def.maxLength;
  switch (field.control) {
    case 'textarea':
      return <TextAreaField<GenericValues> {...common} placeholder={field.placeholder} rows={4} />;
    case 'select':
      return (
        <SelectField<GenericValues>
          {...common}
          placeholder={field.placeholder ?? t`Choose…`}
          options={field.options}
        />
      );
    case 'radio':
      return (
        <RadioGroupField<GenericValues>
          name={field.name}
          label={field.label}
          required={field.isRequired}
          options={field.options}
        />
      );
    case 'checkbox':
      return <CheckboxField<GenericValues> name={field.name} label={field.label} />;
    case 'date':
      return (
        <TextField<GenericValues>
          {...common}
          type="date"
          max={field.def.formatMaximum === 'today' ? today : (field.def.formatMaximum ?? undefined)}
          min={field.def.formatMinimum === 'today' ? today : (field.def.formatMinimum ?? undefined)}
        />
      );
    case 'number':
      return (
        <TextField<GenericValues>
          {...common}
          type="number"
          inputMode="decimal"
          step="any"
          min={field.def.minimum}
          max={field.def.maximum}
          placeholder={field.placeholder}
        />
      );
    case 'text':
      return (
        <TextField<GenericValues>
          {...common}
          placeholder={field.placeholder}
          hint={limit !== undefined ? t`Up to ${limit} characters.` : undefined}
        />
      );
  }
}

/**
 * A step with `sections` and no screen of its own: a form built from its schema, with validation
 * from the schema, whose answers are kept on the intake as custom field-value pairs.
 */
export function GenericFormStep({ step, slug, intake, submitLabel, backHref, save }: StepScreenProps) {
  const sections = useMemo(() => fieldsOf(step), [step]);
  const zone = useViewerTimeZone();
  // The patient's today, once per screen (a form left open past midnight keeps the day it opened on).
  const [today] = useState(() => calendarDateIn(Date.now() / 1000, zone));
  const schema = useMemo(() => schemaOf(sections, today), [sections, today]);
  const defaultValues = useDraftDefaults<GenericValues>(slug, () => valuesFromIntake(sections, intake));
  const form = useForm<GenericValues>({ resolver: zodResolver(schema), defaultValues });
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={(values) => save({ custom: customFieldsFrom(sections, values) })}
    >
      {sections.map((section, i) =>
        section.title ? (
          <fieldset key={`${section.code}-${i}`} className="generic-section">
            <legend>{section.title}</legend>
            {section.fields.map((field) => (
              <FieldFor key={field.name} field={field} today={today} />
            ))}
          </fieldset>
        ) : (
          <div key={`${section.code}-${i}`} className="generic-section">
            {section.fields.map((field) => (
              <FieldFor key={field.name} field={field} today={today} />
            ))}
          </div>
        ),
      )}
    </StepFrame>
  );
}
