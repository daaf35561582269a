import { describe, expect, it } from 'vitest';
import { PharmacySchema, PrescriptionSchema, SavePharmacyInputSchema } from './schemas.ts';

const prescription = {
  ID: 101,
  DrugID: 555,
  NDC: '00000-0000-00',
  Drug: 'Sample drug 10 mg',
  Directions: 'Sample directions',
  Qty: '30',
  Status: 'Current',
  PrescriberName: 'Dr Sample',
};

const pharmacy = {
  is_default: true,
  name: 'Sample Pharmacy',
  code: 'ph-1',
  address: '1 Sample Street',
  city: 'Sampleton',
  state: 'NY',
  zip: '00000',
  phone: '5550100',
  lat: 40.7,
  long: -74,
  distance: 1.2,
  type: 'search',
  extra: { source_id: 'x' },
};

describe('erx schemas', () => {
  it('parses a prescription with capitalised keys', () => {
    expect(PrescriptionSchema.parse({ ...prescription, Refills: 2 })).toMatchObject({
      ID: '101',
      Qty: 30,
      Refills: 2,
    });
  });

  it('refuses a prescription without its drug', () => {
    const { Drug: _drug, ...withoutDrug } = prescription;
    expect(PrescriptionSchema.safeParse(withoutDrug).error?.issues[0]?.path).toEqual(['Drug']);
  });

  it('parses a pharmacy and keeps unknown fields', () => {
    expect(PharmacySchema.parse({ ...pharmacy, hours: '9-5' })).toMatchObject({ code: 'ph-1', hours: '9-5' });
    const { code: _code, ...withoutCode } = pharmacy;
    expect(PharmacySchema.safeParse(withoutCode).error?.issues[0]?.path).toEqual(['code']);
  });

  it('requires name and code to save a pharmacy', () => {
    expect(SavePharmacyInputSchema.safeParse({ name: 'Sample Pharmacy', code: 'ph-1' }).success).toBe(true);
    const result = SavePharmacyInputSchema.safeParse({ city: 'Sampleton' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['name'], ['code']]);
  });
});
