import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { EmrSectionName, EmrWriteBody } from '@telehealth/client/emr/schemas';
import { useSubmit } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError, RadioGroupField, SelectField, TextField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { allergyText, readAllergy, SEVERITY_OPTIONS } from './allergy-text';
import { ENTRY_MAX_LENGTH, RELATIONS, shownOptions, type ListSectionConfig } from './sections';
import { saveFailure } from './save-failure';

export type ListAnswer = 'list' | 'none' | 'not_reported';

export interface ListEntryValues {
  value: string;
  relations: string[];
  /** Allergies only: what happens, and how serious it is (kept inside `substance`, see allergy-text.ts). */
  reaction: string;
  severity: string;
}

export interface ListFormValues {
  answer: ListAnswer;
  entries: ListEntryValues[];
}

const emptyEntry = (): ListEntryValues => ({ value: '', relations: [], reaction: '', severity: '' });

/** The text an entry is stored as: the typed value, or for allergies the value with its reaction and severity. */
function entryText(config: ListSectionConfig, entry: ListEntryValues): string {
  if (!config.hasReaction) return entry.value.trim();
  return allergyText({ substance: entry.value, reaction: entry.reaction, severity: entry.severity });
}

/** The schema's messages are made when a check fails, in the page's language. */
function listSchema(config: ListSectionConfig) {
  const words = config.list;
  const max = ENTRY_MAX_LENGTH;
  return z
    .object({
      answer: z.enum(['list', 'none', 'not_reported']),
      entries: z.array(
        z.object({
          value: z.string(),
          relations: z.array(z.string()),
          reaction: z.string(),
          severity: z.string(),
        }),
      ),
    })
    .superRefine((values, ctx) => {
      if (values.answer !== 'list') return;
      if (values.entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries'],
          message: i18n._(words.addOrNone),
        });
        return;
      }
      const seen = new Map<string, number>();
      values.entries.forEach((entry, index) => {
        const value = entry.value.trim();
        const number = index + 1;
        if (!value) {
          ctx.addIssue({
            code: 'custom',
            path: ['entries', index, 'value'],
            message: i18n._(words.empty, { number }),
          });
          return;
        }
        // The record keeps one text per entry, reaction and severity included, capped as a whole.
        if (entryText(config, entry).length > ENTRY_MAX_LENGTH) {
          const onReaction = config.hasReaction && entry.reaction.trim() !== '';
          ctx.addIssue({
            code: 'custom',
            path: ['entries', index, onReaction ? 'reaction' : 'value'],
            // Only allergies have a reaction.
            message: onReaction
              ? t`Keep allergy ${number} and its reaction under ${max} characters together: shorten the reaction.`
              : i18n._(words.tooLong, { number, max }),
          });
        }
        if (config.hasRelations && entry.relations.length === 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['entries', index, 'relations'],
            message: t`Choose who in your family has ${value}.`,
          });
        }
        const dedupe = `${value.toLowerCase()}|${[...entry.relations].sort().join(',')}`;
        const earlier = seen.get(dedupe);
        if (earlier !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['entries', index, 'value'],
            message: i18n._(words.repeated, { value, number: earlier + 1 }),
          });
        }
        seen.set(dedupe, index);
      });
    });
}

/** The form values of what the record holds. */
export function listDefaults(
  config: ListSectionConfig,
  data: Record<string, unknown>[] | null | undefined,
  notReported: boolean,
): ListFormValues {
  const entries = (data ?? []).map((entry): ListEntryValues => {
    const text = typeof entry[config.entryKey] === 'string' ? (entry[config.entryKey] as string) : '';
    const relations = Array.isArray(entry.relations)
      ? entry.relations.filter((r): r is string => typeof r === 'string')
      : [];
    if (!config.hasReaction) return { ...emptyEntry(), value: text, relations };
    const { substance, reaction, severity } = readAllergy(text);
    return { value: substance, relations, reaction, severity };
  });
  if (notReported) return { answer: 'not_reported', entries: [] };
  if (data && entries.length === 0) return { answer: 'none', entries: [] };
  return { answer: 'list', entries: entries.length ? entries : [emptyEntry()] };
}

export function listBody(config: ListSectionConfig, values: ListFormValues): EmrWriteBody<EmrSectionName> {
  if (values.answer !== 'list') return { data: [], data_not_reported: values.answer === 'not_reported' };
  const data = values.entries.map((entry) =>
    config.hasRelations
      ? { [config.entryKey]: entryText(config, entry), relations: entry.relations }
      : { [config.entryKey]: entryText(config, entry) },
  );
  return { data, data_not_reported: false } as EmrWriteBody<EmrSectionName>;
}

function EntryRow({
  config,
  index,
  onRemove,
}: {
  config: ListSectionConfig;
  index: number;
  onRemove: () => void;
}) {
  const { register, getFieldState, formState } = useFormContext<ListFormValues>();
  const id = useId();
  const number = index + 1;
  const valueError = getFieldState(`entries.${index}.value`, formState).error?.message;
  const relationsError = getFieldState(`entries.${index}.relations`, formState).error?.message;
  return (
    <li className="entry-row">
      <div className={`field${valueError ? ' field-invalid' : ''}`}>
        <label htmlFor={id}>{i18n._(config.list.entry, { number })}</label>
        <input
          id={id}
          type="text"
          placeholder={i18n._(config.placeholder)}
          autoComplete="off"
          maxLength={ENTRY_MAX_LENGTH + 40}
          {...register(`entries.${index}.value`)}
          aria-invalid={valueError ? true : undefined}
          aria-describedby={valueError ? `${id}-error` : undefined}
        />
        {valueError ? (
          <p className="field-error" id={`${id}-error`}>
            {valueError}
          </p>
        ) : null}
      </div>
      {config.hasReaction ? (
        <>
          <TextField<ListFormValues>
            name={`entries.${index}.reaction`}
            label={t`Reaction to allergy ${number}`}
            hint={t`What happens, for example: hives, swelling, an upset stomach, trouble breathing. You can leave it empty.`}
            type="text"
            autoComplete="off"
            maxLength={ENTRY_MAX_LENGTH + 40}
          />
          <SelectField<ListFormValues>
            name={`entries.${index}.severity`}
            label={t`How serious is allergy ${number}?`}
            options={shownOptions(SEVERITY_OPTIONS)}
          />
        </>
      ) : null}
      {config.hasRelations ? (
        <fieldset
          className={`field field-checkboxes${relationsError ? ' field-invalid' : ''}`}
          aria-describedby={relationsError ? `${id}-relations-error` : undefined}
        >
          {/* Only family conditions name relatives. */}
          <legend>{t`Who has family condition ${number}?`}</legend>
          {RELATIONS.map((relation) => (
            <label key={relation.value} className="checkbox-option">
              <input type="checkbox" value={relation.value} {...register(`entries.${index}.relations`)} />{' '}
              {i18n._(relation.label)}
            </label>
          ))}
          {relationsError ? (
            <p className="field-error" id={`${id}-relations-error`}>
              {relationsError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <Button variant="secondary" onClick={onRemove}>
        {i18n._(config.list.remove, { number })}
      </Button>
    </li>
  );
}

export interface SectionFormProps<V> {
  defaultValues: V;
  onSave: (body: EmrWriteBody<EmrSectionName>) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Edits one list section: entries added, changed and removed, or the whole section answered
 * "none" or "I prefer not to say" (two different answers on the wire). Blank rows and repeated
 * entries are refused before sending; a refusal from the server lands on the row it names.
 */
export function ListSectionForm({
  config,
  defaultValues,
  onSave,
  onCancel,
}: SectionFormProps<ListFormValues> & { config: ListSectionConfig }) {
  const form = useForm<ListFormValues>({ resolver: zodResolver(listSchema(config)), defaultValues });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'entries' });
  const addRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const answer = useWatch({ control: form.control, name: 'answer' });
  const listError = form.formState.errors.entries?.message ?? form.formState.errors.entries?.root?.message;

  // A refusal names a row (`data.1.relations`); one past the rows on screen is the form's.
  const submit = useSubmit({
    form,
    action: async (values) => {
      await onSave(listBody(config, values));
    },
    under: 'data',
    fields: (refusal) => {
      const index = Number(refusal.path[0]);
      if (!Number.isInteger(index) || index >= form.getValues('entries').length) return null;
      const key = refusal.path[1] === 'relations' ? 'relations' : 'value';
      return { name: `entries.${index}.${key}`, label: i18n._(config.list.entry, { number: index + 1 }) };
    },
    failure: saveFailure,
  });

  // After a row goes, the keyboard stays in the list: on the row that took its place, else on Add.
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);
  useEffect(() => {
    if (focusAfterRemove === null) return;
    if (focusAfterRemove >= 0) form.setFocus(`entries.${focusAfterRemove}.value`);
    else addRef.current?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove, form]);
  const removeRow = (index: number) => {
    remove(index);
    setFocusAfterRemove(index < fields.length - 1 ? index : index - 1);
  };

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={submit.onSubmit}
        className="section-form"
        aria-label={i18n._(config.words.edit)}
      >
        <fieldset disabled={submit.isBusy} className="section-fieldset">
          <RadioGroupField<ListFormValues>
            name="answer"
            label={i18n._(config.words.yours)}
            options={[
              { value: 'list', label: i18n._(config.list.haveSome) },
              { value: 'none', label: i18n._(config.noneLabel) },
              { value: 'not_reported', label: t`I prefer not to say` },
            ]}
          />
          {answer === 'list' ? (
            <>
              <ul className="entry-list" aria-label={i18n._(config.title)} id={listId}>
                {fields.map((field, index) => (
                  <EntryRow key={field.id} config={config} index={index} onRemove={() => removeRow(index)} />
                ))}
              </ul>
              {listError ? (
                <p className="field-error" role="alert">
                  {listError}
                </p>
              ) : null}
              <button
                ref={addRef}
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  append(emptyEntry(), { shouldFocus: true, focusName: `entries.${fields.length}.value` })
                }
              >
                {i18n._(config.list.add)}
              </button>
            </>
          ) : null}
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
