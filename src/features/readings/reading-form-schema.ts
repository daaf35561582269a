import { t } from '@lingui/core/macro';
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { kindConfig, say, unitLabel, unitOf, type ReadingKindConfig } from './kinds';

export interface ReadingValues {
  kind: string;
  unit: string;
  device: string;
  first: string;
  second: string;
  date: string;
  time: string;
}

/** `YYYY-MM-DD` and `HH:MM` read in the viewer's zone, as UNIX seconds; null when not a real time. */
export function secondsAt(date: string, time: string, zone: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !clock) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], clock[1], clock[2]].map(Number);
  if ([year, month, day, hour, minute].some((n) => n === undefined)) return null;
  const at = new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, zone);
  if (at.getDate() !== day || at.getMonth() !== (month ?? 1) - 1) return null;
  return Math.floor(at.getTime() / 1000);
}

const sentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** The message for one value, or null when it can be sent. */
function valueProblem(
  config: ReadingKindConfig,
  unitValue: string,
  label: string,
  raw: string,
  range: [number, number],
): string | null {
  const unit = unitOf(config, unitValue);
  const text = raw.trim().replace(',', '.');
  if (text === '') {
    const measure = sentence(label);
    return t`Enter your ${measure}.`;
  }
  if (!/^-?\d+(\.\d+)?$/.test(text)) {
    const example = range[0] + 1;
    return t`${label}: enter a number, such as ${example}.`;
  }
  const value = Number(text);
  const places = text.includes('.') ? (text.split('.')[1]?.length ?? 0) : 0;
  if (places > unit.decimals) {
    const decimals = unit.decimals;
    return decimals === 0
      ? config.kind === 'bp' && unit.value === 'kPa'
        ? t`${label}: enter a whole number (the clinic takes blood pressure in whole kPa; round it, or choose mmHg).`
        : t`${label}: enter a whole number.`
      : t`${label}: use at most ${decimals} decimal place.`;
  }
  const [lo, hi] = range;
  if (value >= lo && value <= hi) return null;
  const unitName = unitLabel(unit);
  const words = `${value} ${unitName}`;
  if (config.kind === 'temperature_body') {
    const other = config.units.find((u) => u.value !== unit.value);
    if (other && value >= other.range[0] && value <= other.range[1]) {
      const otherUnit = unitLabel(other);
      return t`A body temperature of ${words} is not possible. Enter a value between ${lo} and ${hi} ${unitName}. Did you mean ${value} ${otherUnit}?`;
    }
    return t`A body temperature of ${words} is not possible. Enter a value between ${lo} and ${hi} ${unitName}.`;
  }
  return t`${label} of ${words} is outside what a reading can be (${lo} to ${hi} ${unitName}). Check the number and the unit.`;
}

/** The reading form's rules: plausible values per kind and unit, a systolic above the diastolic, a time not in the future. */
export function readingSchema(zone: string, now: () => number) {
  return z
    .object({
      kind: z.string(),
      unit: z.string(),
      device: z.string().min(1, { error: () => t`Choose what you measured with.` }),
      first: z.string(),
      second: z.string(),
      date: z.string().min(1, { error: () => t`Enter the day you took the reading.` }),
      time: z.string().min(1, { error: () => t`Enter the time you took the reading.` }),
    })
    .superRefine((v, ctx) => {
      const config = kindConfig(v.kind);
      const unit = unitOf(config, v.unit);
      const first = valueProblem(config, v.unit, say(config.first), v.first, unit.range);
      if (first) ctx.addIssue({ code: 'custom', path: ['first'], message: first });
      if (config.second && unit.secondRange) {
        const second = valueProblem(config, v.unit, say(config.second), v.second, unit.secondRange);
        if (second) ctx.addIssue({ code: 'custom', path: ['second'], message: second });
        if (!first && !second && Number(v.first) <= Number(v.second)) {
          ctx.addIssue({
            code: 'custom',
            path: ['first'],
            message: t`The top number (systolic) must be higher than the bottom number (diastolic). Check that they are not swapped.`,
          });
        }
      }
      if (v.date && v.time) {
        const at = secondsAt(v.date, v.time, zone);
        if (at === null)
          ctx.addIssue({ code: 'custom', path: ['date'], message: t`Enter a real day and time.` });
        else if (at > now() + 60)
          ctx.addIssue({
            code: 'custom',
            path: ['time'],
            message: t`That time is still to come. Enter when you took the reading.`,
          });
      }
    });
}

/** The form field a refusal of `POST /health` names (`hp: …`, see `fieldRefusal`), if it is one the patient typed. */
export function refusedField(path: readonly string[]): 'first' | 'second' | null {
  const [field, ...rest] = path;
  if (rest.length) return null;
  if (field === 'lp') return 'second';
  if (['hp', 'weight', 'bg', 'temperature_body', 'bo', 'hr', 'steps', 'active_minutes'].includes(field ?? ''))
    return 'first';
  return null;
}
