import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { EmrSectionName, EmrWriteBody } from '@telehealth/client/emr/schemas';
import { useSubmit } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError, RadioGroupField, SelectField, TextField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import type { SectionFormProps } from './list-section-form';
import { ENTRY_MAX_LENGTH, shownOptions, type ObjectSectionConfig } from './sections';
import { saveFailure } from './save-failure';

export interface ObjectFormValues {
  answer: 'answered' | 'not_reported';
  values: Record<string, string>;
}

/** The schema's messages are made when a check fails, in the page's language. */
function objectSchema(config: ObjectSectionConfig) {
  const max = ENTRY_MAX_LENGTH;
  return z
    .object({ answer: z.enum(['answered', 'not_reported']), values: z.record(z.string(), z.string()) })
    .superRefine((form, ctx) => {
      if (form.answer !== 'answered') return;
      for (const field of config.fields) {
        const value = (form.values[field.key] ?? '').trim();
        const label = i18n._(field.label);
        if (field.type === 'count' && value !== '' && !/^\d{1,2}$/.test(value)) {
          ctx.addIssue({
            code: 'custom',
            path: ['values', field.key],
            message: t`${label}: enter a whole number, such as 0 or 2.`,
          });
        }
        if (field.type === 'count' && /^\d{1,2}$/.test(value) && Number(value) > 30) {
          ctx.addIssue({
            code: 'custom',
            path: ['values', field.key],
            message: t`${label}: enter 30 or fewer.`,
          });
        }
        if (field.type === 'text' && value.length > ENTRY_MAX_LENGTH) {
          const name = i18n._(field.inSentence ?? field.label);
          ctx.addIssue({
            code: 'custom',
            path: ['values', field.key],
            message: t`Keep ${name} under ${max} characters.`,
          });
        }
      }
    });
}

export function objectDefaults(
  config: ObjectSectionConfig,
  data: Record<string, unknown> | null | undefined,
  notReported: boolean,
): ObjectFormValues {
  const values = Object.fromEntries(
    config.fields.map((f) => {
      const v = data?.[f.key];
      return [f.key, typeof v === 'string' || typeof v === 'number' ? String(v) : ''];
    }),
  );
  return { answer: notReported ? 'not_reported' : 'answered', values };
}

export function objectBody(
  config: ObjectSectionConfig,
  form: ObjectFormValues,
): EmrWriteBody<EmrSectionName> {
  if (form.answer === 'not_reported') return { data: {}, data_not_reported: true };
  const data = Object.fromEntries(
    config.fields.map((f) => {
      const value = (form.values[f.key] ?? '').trim();
      if (!value) return [f.key, null];
      return [f.key, f.type === 'count' ? Number(value) : value];
    }),
  );
  return { data, data_not_reported: false };
}

/** Edits social history or health habits: a few choices and fields, or "I prefer not to say". */
export function ObjectSectionForm({
  config,
  defaultValues,
  onSave,
  onCancel,
}: SectionFormProps<ObjectFormValues> & { config: ObjectSectionConfig }) {
  const form = useForm<ObjectFormValues>({ resolver: zodResolver(objectSchema(config)), defaultValues });
  const answer = useWatch({ control: form.control, name: 'answer' });

  const submit = useSubmit({
    form,
    action: async (values) => {
      await onSave(objectBody(config, values));
    },
    under: 'data',
    fields: (refusal) => {
      const target = config.fields.find((f) => f.key === refusal.path[0]);
      return target ? { name: `values.${target.key}`, label: i18n._(target.label) } : null;
    },
    failure: saveFailure,
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={submit.onSubmit}
        className="section-form"
        aria-label={i18n._(config.words.edit)}
      >
        <fieldset disabled={submit.isBusy} className="section-fieldset">
          <RadioGroupField<ObjectFormValues>
            name="answer"
            label={i18n._(config.words.yours)}
            options={[
              { value: 'answered', label: t`I’ll answer these` },
              { value: 'not_reported', label: t`I prefer not to say` },
            ]}
          />
          {answer === 'answered'
            ? config.fields.map((field) =>
                field.type === 'select' ? (
                  <SelectField<ObjectFormValues>
                    key={field.key}
                    name={`values.${field.key}`}
                    label={i18n._(field.label)}
                    options={shownOptions(field.options ?? [])}
                    placeholder={t`Not answered`}
                  />
                ) : (
                  <TextField<ObjectFormValues>
                    key={field.key}
                    name={`values.${field.key}`}
                    label={i18n._(field.label)}
                    inputMode={field.type === 'count' ? 'numeric' : undefined}
                    autoComplete={field.key === 'occupation' ? 'organization-title' : 'off'}
                  />
                ),
              )
            : null}
          <FormError message={submit.formError} />
          <div className="form-actions">
            <Button type="submit" isBusy={submit.isBusy} busyLabel={t`Saving…`}>
              {i18n._(config.words.save)}
            </Button>
            <Button variant="link" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
