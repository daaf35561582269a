import { t } from '@lingui/core/macro';
import { z } from 'zod';
import type { IntakeStep, StepField, StepFormItem, StepSection } from '@telehealth/client/accounts/schemas';
import type { Intake, IntakeCustomFields } from '@telehealth/client/intakes/schemas';
import { formatLocale } from '@/lib/locale';
import { humanizeCode } from '../model/steps';
import { customValue, genericFieldKey } from '@/wizard';

export type GenericControl = 'text' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'date' | 'number';

export interface GenericOption {
  value: string;
  label: string;
}

/** One field of a generic step form, ready to render and validate. */
export interface GenericField {
  /** Form name: positional, so keys with dots or odd characters never reach react-hook-form's paths. */
  name: string;
  /** Where the answer is kept on the intake. */
  customKey: string;
  control: GenericControl;
  label: string;
  placeholder?: string;
  options: GenericOption[];
  isRequired: boolean;
  def: StepField;
}

export interface GenericSection {
  code: string;
  title?: string;
  fields: GenericField[];
}

export type GenericValues = Record<string, string | boolean>;

const CONTROLS = new Set<string>(['text', 'textarea', 'select', 'radio', 'checkbox', 'date', 'number']);

/** A choice's options; a value listed twice (e.g. enum `[1, "1"]`) is offered once, with its first label. */
function optionsOf(item: StepFormItem, def: StepField): GenericOption[] {
  const map = item.titleMap;
  const listed: GenericOption[] = Array.isArray(map)
    ? map.map((o) => ({ value: String(o.value), label: o.name }))
    : map
      ? Object.entries(map).map(([value, label]) => ({ value, label }))
      : (def.enum ?? []).map((v) => ({ value: String(v), label: String(v) }));
  const seen = new Set<string>();
  return listed.filter((o) => !seen.has(o.value) && Boolean(seen.add(o.value)));
}

function controlOf(item: StepFormItem, def: StepField, options: GenericOption[]): GenericControl {
  let control: GenericControl;
  if (CONTROLS.has(item.type)) control = item.type as GenericControl;
  else if (def.type === 'boolean') control = 'checkbox';
  else if (def.type === 'number' || def.type === 'integer') control = 'number';
  else control = 'text';
  // A choice with nothing to choose from is asked as free text rather than as an empty list.
  if ((control === 'select' || control === 'radio') && options.length === 0) return 'text';
  return control;
}

/** Turns the sections of a step into renderable fields. Form items without a schema entry are optional text. */
export function fieldsOf(step: IntakeStep): GenericSection[] {
  return (step.sections ?? []).map((section: StepSection, s) => ({
    code: section.code,
    title: section.title,
    fields: section.form.map((item, f) => {
      const def: StepField = Object.hasOwn(section.schema, item.key)
        ? (section.schema[item.key] ?? { type: 'string' })
        : { type: 'string' };
      const options = optionsOf(item, def);
      return {
        name: `s${s}f${f}`,
        customKey: genericFieldKey(step.code, section.code, item.key),
        control: controlOf(item, def, options),
        label: item.title?.trim() || def.title?.trim() || humanizeCode(item.key),
        placeholder: item.placeholder,
        options,
        isRequired: def.required === true,
        def,
      };
    }),
  }));
}

function safePattern(pattern: string | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern);
  } catch {
    // A pattern this browser cannot compile is not the patient's problem: the field is still asked.
    return null;
  }
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A date limit of the schema as a calendar date: `today` is the patient's today. */
function dateLimit(raw: unknown, today: string): string | null {
  if (typeof raw !== 'string') return null;
  if (raw === 'today') return today;
  return isCalendarDate(raw) ? raw : null;
}

/** "Nov 26, 2026" for a limit in a message (the date itself, no zone: it is a calendar day). */
const dayWords = (day: string) =>
  new Intl.DateTimeFormat(formatLocale(), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

function textRule(field: GenericField, today: string) {
  const { def, label, control } = field;
  const pattern = safePattern(def.pattern);
  const allowed = field.options.length > 0 ? new Set(field.options.map((o) => o.value)) : null;
  const enumValues = def.enum ? new Set(def.enum.map(String)) : null;
  const isNumeric = control === 'number' || def.type === 'number' || def.type === 'integer';
  const isChoice = control === 'select' || control === 'radio';
  return z.string().superRefine((raw, ctx) => {
    const value = raw.trim();
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!value) {
      if (field.isRequired) fail(isChoice ? t`Choose an answer for “${label}”.` : t`Fill in “${label}”.`);
      return;
    }
    if (def.maxLength !== undefined && value.length > def.maxLength) {
      const max = def.maxLength;
      const length = value.length;
      fail(t`“${label}” can be at most ${max} characters (now ${length}).`);
      return;
    }
    if (control === 'date' && !isCalendarDate(value)) {
      fail(t`Enter “${label}” as a date.`);
      return;
    }
    if (control === 'date') {
      const latest = dateLimit(def.formatMaximum, today);
      const earliest = dateLimit(def.formatMinimum, today);
      // Calendar dates compare as text (YYYY-MM-DD).
      if (latest && value > latest) {
        const day = dayWords(latest);
        fail(
          latest === today
            ? t`“${label}” cannot be later than today.`
            : t`“${label}” cannot be later than ${day}.`,
        );
        return;
      }
      if (earliest && value < earliest) {
        const day = dayWords(earliest);
        fail(
          earliest === today
            ? t`“${label}” cannot be earlier than today.`
            : t`“${label}” cannot be earlier than ${day}.`,
        );
        return;
      }
    }
    if (isChoice && allowed && !allowed.has(value)) {
      fail(t`Choose one of the listed answers for “${label}”.`);
      return;
    }
    if (enumValues && !enumValues.has(value)) {
      const answers = [...enumValues].join(', ');
      fail(t`“${label}” must be one of: ${answers}.`);
      return;
    }
    if (isNumeric) {
      const n = Number(value);
      if (!Number.isFinite(n)) return fail(t`“${label}” must be a number.`);
      if (def.type === 'integer' && !Number.isInteger(n)) return fail(t`“${label}” must be a whole number.`);
      const { minimum, maximum } = def;
      if (minimum !== undefined && n < minimum) return fail(t`“${label}” must be at least ${minimum}.`);
      if (maximum !== undefined && n > maximum) return fail(t`“${label}” must be at most ${maximum}.`);
    }
    if (pattern && !pattern.test(value)) fail(t`“${label}” is not in the expected format.`);
  });
}

/**
 * The form's zod schema, built at run time from the step's schema (required, enum, maxLength,
 * minimum, maximum, pattern, and date limits against `today`, the patient's calendar date).
 */
export function schemaOf(sections: GenericSection[], today: string): z.ZodType<GenericValues, GenericValues> {
  const shape: Record<string, z.ZodType<string> | z.ZodType<boolean>> = {};
  for (const field of sections.flatMap((s) => s.fields)) {
    shape[field.name] =
      field.control === 'checkbox'
        ? field.isRequired
          ? z.boolean().refine((v) => v, {
              error: () => {
                const label = field.label;
                return t`Tick “${label}” to continue.`;
              },
            })
          : z.boolean()
        : textRule(field, today);
  }
  // Every entry is a string or boolean schema, so the object is exactly GenericValues; zod cannot see that through a dynamic shape.
  return z.object(shape) as unknown as z.ZodType<GenericValues, GenericValues>;
}

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on']);

/** Values for the form: saved answers from the intake, empty otherwise. */
export function valuesFromIntake(sections: GenericSection[], intake: Intake | null): GenericValues {
  const values: GenericValues = {};
  for (const field of sections.flatMap((s) => s.fields)) {
    const saved = customValue(intake, field.customKey);
    values[field.name] =
      field.control === 'checkbox' ? TRUE_VALUES.has((saved ?? '').toLowerCase()) : (saved ?? '');
  }
  return values;
}

/** The answers as custom field-value pairs; an emptied field is sent empty so the server clears it. */
export function customFieldsFrom(sections: GenericSection[], values: GenericValues): IntakeCustomFields {
  const custom: IntakeCustomFields = {};
  for (const field of sections.flatMap((s) => s.fields)) {
    const value = values[field.name];
    custom[field.customKey] = typeof value === 'boolean' ? (value ? '1' : '0') : (value ?? '').trim();
  }
  return custom;
}

/** "2026-11-20" as "November 20, 2026"; anything else as typed. */
function calendarWords(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A generic step's saved answers in words for the review ("How severe is it? Moderate"); null when none. */
export function answersInWords(step: IntakeStep, intake: Intake | null): string | null {
  const lines: string[] = [];
  for (const field of fieldsOf(step).flatMap((s) => s.fields)) {
    const saved = customValue(intake, field.customKey)?.trim();
    if (!saved) continue;
    if (field.control === 'checkbox') {
      if (TRUE_VALUES.has(saved.toLowerCase())) lines.push(field.label);
      continue;
    }
    const option = field.options.find((o) => o.value === saved);
    const value = option?.label ?? (field.control === 'date' ? calendarWords(saved) : saved);
    lines.push(`${field.label.replace(/[?:]\s*$/, '')}: ${value}`);
  }
  return lines.length ? lines.join(' · ') : null;
}
