import { describe, expect, it } from 'vitest';
import { AccountSchema, IntakeStepSchema } from '@/api/accounts/schemas';

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
    ['demo-econsult', 'skin-photos', ['reason', 'attachments', 'consent']],
  ])('account %s has its intake steps and a room of its own', async (code, room, steps) => {
    const { status, body } = await get(`/accounts/${code}`);
    expect(status).toBe(200);
    const account = AccountSchema.parse(body.data);
    expect(account.intake_steps?.map((s) => IntakeStepSchema.parse(s).code)).toEqual(steps);
    expect((await get(`/rooms/${room}`, code)).status).toBe(200);
  });

  it('keeps a malformed post-intake step in the long flow on purpose', async () => {
    const account = AccountSchema.parse((await get('/accounts/demo')).body.data);
    expect(account.post_intake_steps?.some((s) => !IntakeStepSchema.safeParse(s).success)).toBe(true);
  });
});
