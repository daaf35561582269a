import { afterEach, describe, expect, it } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import { setMockProfile } from '@telehealth/mock/lib/profile';
import { sessionFor } from '~test/render';
import { makeTab } from '@/lib/session/test-support';
import { getEligibility } from '@telehealth/client/insurance/requests';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

afterEach(() => setMockProfile('full'));

function signedInPatient() {
  const tab = makeTab();
  tab.signIn(sessionFor('demo-patient'));
  configureAuth(tab);
  return tab;
}

describe('the latest coverage check', () => {
  it.each(['full', 'spec'] as const)('reads "none yet" as no job on the %s profile', async (profile) => {
    setMockProfile(profile);
    const tab = signedInPatient();
    // Full: a 404; spec: a job of nulls. Either way the screen gets "no job", never a contract error.
    await expect(getEligibility(SEED_USERS.patient)).resolves.toBeNull();
    tab.dispose();
  });
});
