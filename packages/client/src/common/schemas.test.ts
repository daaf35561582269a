import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  NullableIdSchema,
  StateCodeSchema,
  TimestampSchema,
  mapSchema,
} from './schemas.ts';

describe('common schemas', () => {
  it('normalises numeric ids to strings and refuses empty ones', () => {
    expect(IdSchema.parse(42)).toBe('42');
    expect(IdSchema.parse('v-1')).toBe('v-1');
    expect(IdSchema.safeParse('').success).toBe(false);
    expect(IdSchema.safeParse(undefined).success).toBe(false);
  });

  it('reads an unassigned reference (0, "0", "", null) as null', () => {
    for (const unset of [0, '0', '', null]) expect(NullableIdSchema.parse(unset)).toBeNull();
    expect(NullableIdSchema.parse(7)).toBe('7');
  });

  it('accepts timestamps as numbers or numeric strings', () => {
    expect(TimestampSchema.parse(1700000000)).toBe(1700000000);
    expect(TimestampSchema.parse('1700000000')).toBe(1700000000);
    expect(TimestampSchema.parse(1700000000.25)).toBe(1700000000.25);
    expect(TimestampSchema.safeParse('tomorrow').success).toBe(false);
    expect(TimestampSchema.safeParse(-1).success).toBe(false);
  });

  it('reads 0/1 and "0"/"1" as booleans and refuses anything else', () => {
    expect([true, false, 0, 1, '0', '1'].map((flag) => BooleanishSchema.parse(flag))).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
    expect(BooleanishSchema.safeParse('yes').success).toBe(false);
    expect(BooleanishSchema.safeParse(2).success).toBe(false);
  });

  it('upper-cases two-letter state codes', () => {
    expect(StateCodeSchema.parse('ny')).toBe('NY');
    expect(StateCodeSchema.safeParse('New York').success).toBe(false);
  });

  it('reads an empty array as an empty map', () => {
    const schema = mapSchema(z.number());
    expect(schema.parse([])).toEqual({});
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
    expect(schema.safeParse([1]).success).toBe(false);
  });
});
