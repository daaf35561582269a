import { describe, expect, it } from 'vitest';
import { EmrRecordSchema, emrSectionDataSchemas, emrWriteBodySchema } from './schemas.ts';

const modifiedBy = { id: 'p-1', type: 400, first_name: 'Sam', last_name: 'Sample', title: 'Dr', suffix: '' };

const record = {
  allergies: { data: [{ substance: 'Sample substance' }], modified: 1700000000, modified_by: modifiedBy },
  conditions: { data: [{ condition: 'Sample condition' }], modified: 1700000000, modified_by: [] },
  surgeries: { data: [], modified: null, modified_by: {} },
  family_conditions: {
    data: [{ condition: 'Sample condition', relations: ['parent'] }],
    modified: 1700000000,
    modified_by: modifiedBy,
  },
  social_history: { data: [], modified: null, modified_by: null },
  health_habits: {
    data: { smoking: 'never', alcohol: 'sample', drugs: 'never', exercise: 'weekly' },
    modified: 1700000000,
    modified_by: modifiedBy,
  },
  medications: { data: null, modified: null, modified_by: {} },
};

describe('emr schemas', () => {
  it('parses the full record and reads empty modifiers and empty object sections', () => {
    const parsed = EmrRecordSchema.parse(record);
    expect(parsed.conditions?.modified_by).toBeNull();
    expect(parsed.surgeries?.modified_by).toBeNull();
    expect(parsed.allergies?.modified_by?.id).toBe('p-1');
    expect(parsed.social_history?.data).toEqual({});
    expect(parsed.medications?.data).toBeNull();
  });

  it('passes unknown fields through', () => {
    const parsed = EmrRecordSchema.parse({ ...record, immunizations: { data: [] } });
    expect(parsed['immunizations']).toEqual({ data: [] });
  });

  it('names the field a section entry is missing', () => {
    const result = EmrRecordSchema.safeParse({ ...record, allergies: { data: [{ name: 'x' }] } });
    expect(result.error?.issues[0]?.path).toEqual(['allergies', 'data', 0, 'substance']);
  });

  it('checks the write body against the section shape', () => {
    const body = emrWriteBodySchema('family_conditions');
    expect(
      body.safeParse({ data: [{ condition: 'Sample', relations: ['sibling'] }], data_not_reported: false })
        .success,
    ).toBe(true);
    expect(body.safeParse({ data: [] }).error?.issues[0]?.path).toEqual(['data_not_reported']);
    expect(
      emrSectionDataSchemas.social_history.safeParse({ num_kids: 'two' }).error?.issues[0]?.path,
    ).toEqual(['num_kids']);
  });
});
