import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentSourceSchema } from '@telehealth/client/billing/schemas';
import { VisitSchema } from '@telehealth/client/visits/schemas';
import type { Field } from './fields.ts';
import { tableFor } from './answers.ts';
import { applyTable } from './lens.ts';
import * as spec from './fields.ts';

const table: Field = {
  kind: 'object',
  fields: {
    id: 'integer',
    name: 'value',
    subtype: 'text',
    active: 'boolean',
    provider_id: 'provider-ref',
    extra: 'whole',
    nested: { kind: 'object', fields: { keep: 'value' } },
    items: { kind: 'list', of: { kind: 'object', fields: { on: 'boolean' } } },
    byId: { kind: 'map', of: { kind: 'object', fields: { n: 'value' } } },
  },
};

describe('the spec lens', () => {
  it('leaves out what the table does not name, at every depth, and never adds a field', () => {
    expect(
      applyTable(table, {
        id: '7',
        secret: 1,
        nested: { keep: 'x', drop: 'y' },
        items: [{ on: true, off: 1 }],
        byId: { a: { n: 1, m: 2 } },
        extra: { anything: { goes: true } },
        _mock: 'never',
      }),
    ).toEqual({
      id: 7,
      nested: { keep: 'x' },
      items: [{ on: 1 }],
      byId: { a: { n: 1 } },
      extra: { anything: { goes: true } },
    });
  });

  it('writes booleans as 1 and 0, empty optional values as null, and an unassigned provider as 0', () => {
    expect(applyTable(table, { active: false, name: '', subtype: '', provider_id: null })).toEqual({
      active: 0,
      name: null,
      subtype: '',
      provider_id: 0,
    });
    expect(applyTable(table, { active: null, nested: '', items: null })).toEqual({
      active: null,
      nested: null,
      items: null,
    });
  });

  it('keeps the fields an intake was sent beyond the named ones, but not the parameters it stores', () => {
    expect(
      applyTable(spec.intake, { id: 'int_1', colour: 'blue', room_code: 'general', phone: '', _owner: 'u' }),
    ).toEqual({ id: 'int_1', colour: 'blue' });
  });

  it('finds the table of an answer by its schema, and of a list by its item', () => {
    expect(tableFor(VisitSchema)).toBe(spec.visit);
    expect(tableFor(z.array(PaymentSourceSchema))).toEqual({ kind: 'list', of: spec.paymentSource });
    expect(tableFor(z.boolean())).toBeNull();
    expect(tableFor(z.array(z.unknown()))).toBeNull();
    expect(tableFor(z.object({ unknown: z.string() }))).toBeUndefined();
  });
});
