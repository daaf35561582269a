import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@telehealth/client/errors';
import { configureAuth } from '@telehealth/client/http';
import { makeTab } from '@/lib/session/test-support';
import { setMockProfile } from '@telehealth/mock/lib/profile';
import { sessionFor } from '~test/render';
import { getEmrInputSchema } from '@telehealth/client/emr/requests';
import { getInsuranceCard, saveInsuranceCard } from '@telehealth/client/insurance/requests';
import { requestPasswordReset } from '@telehealth/client/users/requests';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

/** Operations the spec names and the screens do not need; each has its request function. */
afterEach(() => setMockProfile('full'));

function signedInPatient() {
  const tab = makeTab();
  tab.signIn(sessionFor('demo-patient'));
  configureAuth(tab);
  return tab;
}

describe.each(['full', 'spec'] as const)('spec operations without a screen (%s profile)', (profile) => {
  it('reads one insurance card by its type, as stored', async () => {
    setMockProfile(profile);
    const tab = signedInPatient();
    await saveInsuranceCard(SEED_USERS.patient, 'primary', {
      insurer_code: 'INS0003',
      subscriber_number: 'XHM-1',
    });
    const card = await getInsuranceCard(SEED_USERS.patient, 'primary');
    expect(card).toMatchObject({ card_type: 'primary', subscriber_number: 'XHM-1' });
    await expect(getInsuranceCard(SEED_USERS.patient, 'secondary')).rejects.toBeInstanceOf(ApiError);
    tab.dispose();
  });

  it('reads the record input schema, one entry per section', async () => {
    setMockProfile(profile);
    const tab = signedInPatient();
    const schema = await getEmrInputSchema();
    expect(Object.keys(schema).sort()).toEqual(
      [
        'allergies',
        'conditions',
        'family_conditions',
        'health_habits',
        'medications',
        'social_history',
        'surgeries',
      ].sort(),
    );
    tab.dispose();
  });

  it('asks for a password reset with the account code, and a bad address is refused', async () => {
    setMockProfile(profile);
    await expect(requestPasswordReset('casey.morgan@example.test')).resolves.toBe(true);
    await expect(requestPasswordReset('not an address')).rejects.toMatchObject({ kind: 'http', status: 400 });
  });
});
