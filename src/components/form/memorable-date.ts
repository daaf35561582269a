import { msg, t } from '@lingui/core/macro';
import { formatLocale } from '@/lib/locale';
import { i18n } from '@/lib/i18n';
import { z } from 'zod';

/**
 * A date people know by heart (a date of birth), typed as three parts, as GOV.UK's and USWDS's
 * "memorable date" patterns advise: month, day and year each in its own labelled field, so nobody
 * has to guess a format, and each part can say what is wrong with it.
 */
export interface DateParts {
  /** '1'–'12' from the month list, or '' */
  month: string;
  day: string;
  year: string;
}

export const EMPTY_DATE_PARTS: DateParts = { month: '', day: '', year: '' };

/** The months' names, shown with `i18n._()`. */
export const MONTH_NAMES = [
  msg`January`,
  msg`February`,
  msg`March`,
  msg`April`,
  msg`May`,
  msg`June`,
  msg`July`,
  msg`August`,
  msg`September`,
  msg`October`,
  msg`November`,
  msg`December`,
] as const;

/** The parts of a `YYYY-MM-DD` date (the API's format); empty parts for anything else. */
export function partsFromIso(iso: string | null | undefined): DateParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return { ...EMPTY_DATE_PARTS };
  return { year: m[1] ?? '', month: String(Number(m[2])), day: String(Number(m[3])) };
}

function daysIn(month: number, year: number | null): number {
  // Without a year, February may have 29 days.
  if (month === 2)
    return year === null || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "January 1, 1900" from `1900-01-01`, in the page's language. */
function inWords(iso: string): string {
  const { month, day, year } = partsFromIso(iso);
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(Number(year), Number(month) - 1, Number(day)),
  );
}

export interface MemorableDateRules {
  /** The field's name in messages: "Date of birth must include a year". */
  label: string;
  /** Whether a date must be given; an optional one may be left with all three parts empty. */
  required?: boolean;
  /** The earliest date accepted, `YYYY-MM-DD`. */
  earliest?: string;
  /** Today's date (`YYYY-MM-DD`, in the patient's zone): when given, later dates are refused. */
  today?: () => string;
}

/**
 * The schema of a memorable date: the three parts in, `YYYY-MM-DD` (or '' when optional and left
 * empty) out. Each part that is wrong gets its own message, on its own path (`month`, `day`,
 * `year`), all at once; a date that is real in every part but impossible or out of range says so
 * on the part to change.
 */
export function memorableDateSchema({ label, required = false, earliest, today }: MemorableDateRules) {
  return z
    .object({ month: z.string(), day: z.string(), year: z.string() })
    .superRefine((value, ctx) => {
      const month = value.month.trim();
      const day = value.day.trim();
      const year = value.year.trim();
      if (!month && !day && !year) {
        const field = label.toLowerCase();
        if (required) ctx.addIssue({ code: 'custom', path: ['month'], message: t`Enter your ${field}` });
        return;
      }
      const problem = (path: keyof DateParts, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });

      const m = Number(month);
      const monthOk = /^\d{1,2}$/.test(month) && m >= 1 && m <= 12;
      if (!month) problem('month', t`${label} must include a month`);
      else if (!monthOk) problem('month', t`Choose a month from the list`);

      const y = Number(year);
      const yearOk = /^\d{4}$/.test(year);
      if (!year) problem('year', t`${label} must include a year`);
      else if (!yearOk) problem('year', t`Enter the year as 4 digits, like 1990`);

      const d = Number(day);
      if (!day) problem('day', t`${label} must include a day`);
      else if (!/^\d{1,2}$/.test(day) || d < 1 || d > 31)
        problem('day', t`Enter the day as a number from 1 to 31`);
      else if (monthOk && d > daysIn(m, yearOk ? y : null)) {
        const monthName = MONTH_NAMES[m - 1];
        const name = monthName ? i18n._(monthName) : '';
        const days = daysIn(m, yearOk ? y : null);
        problem(
          'day',
          m === 2 && yearOk
            ? t`Enter a real date: February ${year} has ${days} days`
            : t`Enter a real date: ${name} has ${days} days`,
        );
      }
    })
    .transform((value, ctx) => {
      const { month, day, year } = {
        month: value.month.trim(),
        day: value.day.trim(),
        year: value.year.trim(),
      };
      if (!month && !day && !year) return '';
      const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
      if (earliest && iso < earliest) {
        const date = inWords(earliest);
        ctx.addIssue({ code: 'custom', path: ['year'], message: t`${label} must be on or after ${date}` });
      } else if (today && iso > today())
        ctx.addIssue({ code: 'custom', path: ['year'], message: t`${label} must be in the past` });
      return iso;
    });
}
