import { describe, expect, it } from 'vitest';
import {
  CarrierSchema,
  DiagnosisSchema,
  EligibilityJobSchema,
  ImportInsurancesInputSchema,
  InsuranceCardBodySchema,
  InsuranceCardListBodySchema,
  InsurerSchema,
} from './schemas.ts';

const card = {
  card_type: 'primary',
  insurer_code: 'INS1',
  subscriber_number: 'SUB-0001',
  group_number: 'GRP-1',
  responsible_party: 'self',
  guarantor_first_name: 'Pat',
  guarantor_middle_name: null,
  guarantor_last_name: 'Sample',
  guarantor_dob: '1990-01-01',
  guarantor_gender: 1,
  guarantor_address: '1 Sample Street',
  guarantor_address_2: '',
  guarantor_city: 'Sampleton',
  guarantor_zip: '00000',
  guarantor_state: 'NY',
  consent: true,
};

describe('insurance schemas', () => {
  it('parses the versioned list and single-card bodies', () => {
    const list = InsuranceCardListBodySchema.parse({ data: [card], version: '2.0' });
    expect(list.data[0]?.card_type).toBe('primary');
    expect(InsuranceCardBodySchema.parse({ data: card, version: '2.0' }).version).toBe('2.0');
  });

  it('passes unknown card fields through', () => {
    expect(InsuranceCardBodySchema.parse({ data: { ...card, plan: 'x' }, version: '2.0' }).data['plan']).toBe(
      'x',
    );
  });

  it('refuses a card without its type, and a body without version', () => {
    const { card_type: _type, ...withoutType } = card;
    expect(
      InsuranceCardBodySchema.safeParse({ data: withoutType, version: '2.0' }).error?.issues[0]?.path,
    ).toEqual(['data', 'card_type']);
    expect(InsuranceCardBodySchema.safeParse({ data: card }).error?.issues[0]?.path).toEqual(['version']);
  });

  it('allows at most one primary and one secondary card on import', () => {
    const { card_type: _type, guarantor_middle_name: _middle, ...fields } = card;
    expect(
      ImportInsurancesInputSchema.safeParse({
        insurances: [
          { ...fields, card_type: 'primary' },
          { ...fields, card_type: 'secondary' },
        ],
      }).success,
    ).toBe(true);
    expect(
      ImportInsurancesInputSchema.safeParse({
        insurances: [
          { card_type: 'primary', insurer_code: 'A' },
          { card_type: 'primary', insurer_code: 'B' },
        ],
      }).error?.issues[0]?.path,
    ).toEqual(['insurances']);
  });

  it('parses eligibility and reference lists', () => {
    expect(EligibilityJobSchema.parse({ job_id: 'job-1', status: 'pending' }).status).toBe('pending');
    expect(
      CarrierSchema.parse({
        name: 'Sample Carrier',
        code: 'SC',
        billing_system: {
          address: { zip: '00000', city: 'Sampleton', state: 'NY' },
          cpid: '123',
          code: 'B1',
        },
      }).code,
    ).toBe('SC');
    expect(InsurerSchema.parse({ id: 1, text: 'Sample Insurer', description: '' }).id).toBe('1');
    expect(
      DiagnosisSchema.parse({ code: 'Z00', description: 'Sample', billing_system: { code: 'B1' } }).code,
    ).toBe('Z00');
    expect(InsurerSchema.safeParse({ id: 1 }).error?.issues[0]?.path).toEqual(['text']);
  });
});
