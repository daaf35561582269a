import { describe, expect, it } from 'vitest';
import { AccountSchema, IntakeStepSchema } from '@telehealth/client/accounts/schemas';

const API = 'http://mock.test/api_v3';

async function get(path: string, account?: string) {
  const response = await fetch(`${API}${path}`, { headers: account ? { 'X-AccountCode': account } : {} });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

describe('seeded step configurations', () => {
  it.each([
    [
      'demo',
      'general',
      [
        'reason',
        'location',
        'provider',
        'consultation',
        'schedule',
        'symptoms',
        'medical_history',
        'insurance',
        'attachments',
        'payment',
        'consent',
      ],
    ],
    ['demo-quick', 'quick-care', ['reason', 'location', 'consent']],
    ['demo-econsult', 'skin-photos', ['reason', 'consultation', 'attachments', 'payment', 'consent']],
  ])('account %s has its intake steps and a room of its own', async (code, room, steps) => {
    const { status, body } = await get(`/accounts/${code}`);
    expect(status).toBe(200);
    const account = AccountSchema.parse(body.data);
    expect(account.intake_steps?.map((s) => IntakeStepSchema.parse(s).code)).toEqual(steps);
    expect((await get(`/rooms/${room}`, code)).status).toBe(200);
  });

  it('gives every post-intake step a code (spec 2.5), some of them unknown to the portal', async () => {
    const account = AccountSchema.parse((await get('/accounts/demo')).body.data);
    const steps = (account.post_intake_steps ?? []).map((s) => IntakeStepSchema.parse(s));
    expect(steps.every((s) => s.code !== '')).toBe(true);
    expect(steps.map((s) => s.code)).toEqual(expect.arrayContaining(['legacy_widget', 'wellbeing_check']));
  });
});
