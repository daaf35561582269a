import { z } from 'zod';
import { markDroppedRows, type TolerantList } from './dropped-rows.ts';

/**
 * Identifier of a user, room, visit or similar record. The spec says ids are strings, but a real
 * server may send numbers, so both are accepted and normalised to a non-empty string.
 */
export const IdSchema = z
  .union([z.string().min(1, 'Expected a non-empty id'), z.number().int()])
  .transform((value) => String(value));

/**
 * A reference to another record that may be unset. The spec shows `provider_id` as 0 or null before
 * a provider is assigned; 0, "0", "" and null all normalise to null.
 */
export const NullableIdSchema = z
  .union([z.string(), z.number().int(), z.null()])
  .transform((value) =>
    value === null || value === 0 || value === '' || value === '0' ? null : String(value),
  );

/** Above this a numeric timestamp is read as milliseconds (1e11 seconds is the year 5138). */
const MILLISECOND_THRESHOLD = 1e11;

function timestampSeconds(value: number): number {
  return value >= MILLISECOND_THRESHOLD ? value / 1000 : value;
}

/**
 * UNIX timestamp, normalised to seconds. The spec says seconds, but real answers also carry
 * milliseconds, numeric strings (slot group times) and ISO 8601 text; all read as seconds.
 * Fractions are kept (message times have them).
 */
export const TimestampSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'Expected a numeric timestamp')
      .transform(Number),
    z.iso.datetime({ offset: true, local: true }).transform((text) => Date.parse(text) / 1000),
    z.iso.date().transform((text) => Date.parse(`${text}T00:00:00Z`) / 1000),
  ])
  .pipe(z.number().finite().nonnegative())
  .transform(timestampSeconds);

/** A number that may arrive as a numeric string (amounts, counts); normalised to a number. */
export const NumberishSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'Expected a number')
      .transform(Number),
  ])
  .pipe(z.number().finite());

/** An integer that may arrive as a numeric string; normalised to a number. */
export const IntegerishSchema = NumberishSchema.pipe(z.number().int());

/**
 * Boolean flag as sent by the server: true/false, 0/1, "0"/"1" or "true"/"false"; normalised to a
 * boolean.
 */
export const BooleanishSchema = z
  .union([z.boolean(), z.literal([0, 1]), z.literal(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** Free text that a server may send as a number (codes, PINs, phone numbers); normalised to a string. */
export const StringishSchema = z.union([z.string(), z.number()]).transform((value) => String(value));

/** Calendar date in the spec's `YYYY-MM-DD` form (dates of birth). */
export const DateOnlySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

/** Two-letter state code, as the spec requires for `state` and `location` inputs; normalised to upper case. */
export const StateCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Expected a two-letter state code')
  .transform((value) => value.toUpperCase());

/**
 * A map keyed by string. Servers that encode JSON from PHP arrays send an empty map as `[]`,
 * so an empty array is accepted and normalised to an empty object.
 */
export function mapSchema<T extends z.ZodType>(valueSchema: T) {
  return z.union([
    z.record(z.string(), valueSchema),
    z.array(z.never()).transform((): Record<string, z.output<T>> => ({})),
  ]);
}

/**
 * An optional field of an answer: missing and `null` (a server's way of saying "empty") both read as
 * absent, so the output type stays `T | undefined`. A schema that gives null a meaning of its own
 * (`NullableIdSchema`) keeps it. Request schemas keep plain `.optional()`.
 */
type OptionalFieldSchema<T extends z.ZodType> = z.ZodOptional<
  z.ZodType<z.output<T> | undefined, z.input<T> | null | undefined>
>;

export function optionalField<T extends z.ZodType>(schema: T): OptionalFieldSchema<T> {
  // This schema reads null itself (checked by the parse), so its input type already includes it.
  if (schema.safeParse(null).success) return schema.optional() as unknown as OptionalFieldSchema<T>;
  return schema
    .nullish()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}

export { droppedRows, markDroppedRows, type TolerantList } from './dropped-rows.ts';

const reportedProblems = new Set<string>();

/**
 * Reports a malformed row once per distinct problem, naming only the list, the field paths and the
 * issue codes: never a value, which could be patient data.
 */
function reportMalformedRow(label: string, issues: readonly z.core.$ZodIssue[]): void {
  const problems = issues.map((issue) => {
    const path = issue.path
      .filter((part) => typeof part !== 'number')
      .map(String)
      .join('.');
    return `${path || '(row)'}: ${issue.code}`;
  });
  const key = `${label}|${problems.join(',')}`;
  if (reportedProblems.has(key)) return;
  reportedProblems.add(key);
  console.warn(`Left out a malformed row of ${label} (${problems.join('; ')})`);
}

/** Forgets which malformed rows were reported (tests). */
export function resetMalformedRowReports(): void {
  reportedProblems.clear();
}

/**
 * A list answer that keeps its good rows when some are malformed: each row is parsed on its own,
 * rows that fail are left out and reported once (see `reportMalformedRow`), and the result carries
 * how many were left out (`droppedRows`). Every list schema of an answer is built with it.
 */
export function tolerantList<T extends z.ZodType>(rowSchema: T, label: string) {
  return z.array(z.unknown()).transform((rows): TolerantList<z.output<T>> => {
    const kept: z.output<T>[] = [];
    let dropped = 0;
    for (const row of rows) {
      const parsed = rowSchema.safeParse(row);
      if (parsed.success) {
        kept.push(parsed.data);
      } else {
        dropped += 1;
        reportMalformedRow(label, parsed.error.issues);
      }
    }
    return markDroppedRows(kept, dropped);
  });
}
