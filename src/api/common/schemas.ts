import { z } from 'zod';

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

/**
 * UNIX timestamp in seconds. Some records carry timestamps as numeric strings (slot group times),
 * so a numeric string is accepted and normalised to a number. Fractions are kept (message times have them).
 */
export const TimestampSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'Expected a numeric timestamp')
      .transform(Number),
  ])
  .pipe(z.number().finite().nonnegative());

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

/** Boolean flag as sent by the server: true/false, 0/1 or "0"/"1"; normalised to a boolean. */
export const BooleanishSchema = z
  .union([z.boolean(), z.literal([0, 1]), z.literal(['0', '1'])])
  .transform((value) => value === true || value === 1 || value === '1');

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
