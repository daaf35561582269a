import { describe, expect, it } from 'vitest';
import { db, nowSeconds } from '../db.ts';
import { issuePair } from '../lib/auth.ts';
import { SEED_CONSULTATIONS, SEED_USERS, SEED_VISITS, seedQueueVisit } from '../seed/ids.ts';

const BASE = 'http://localhost/api_v3';

function headers(userId: string): Record<string, string> {
  return { 'X-ApiToken': issuePair(userId).access.token, 'X-AccountCode': 'demo' };
}

async function act(userId: string, visitId: string, query: string) {
  const response = await fetch(`${BASE}/visits/${visitId}?version=2&${query}`, {
    method: 'POST',
    headers: headers(userId),
  });
  const body = (await response.json()) as {
    data?: { status: number; provider_id: string | null };
    error?: string;
    message?: string;
  };
  return { status: response.status, body };
}

describe('provider actions on POST /visits/{id}', () => {
  it('lets exactly one of two providers racing for the same walk-in take it', async () => {
    const [a, b] = await Promise.all([
      act(SEED_USERS.provider, seedQueueVisit(1), `provider_id=${SEED_USERS.provider}`),
      act(SEED_USERS.nurse, seedQueueVisit(1), `provider_id=${SEED_USERS.nurse}`),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winnerId = a.status === 200 ? SEED_USERS.provider : SEED_USERS.nurse;
    expect(db.visits.get(seedQueueVisit(1))?.provider_id).toBe(winnerId);
    expect(loser.body.error).toBe('visit_taken');
    expect(loser.body.message).toMatch(/has already taken this visit\.$/);
  });

  it('answers a repeated take or start with the visit as it is', async () => {
    expect(
      (await act(SEED_USERS.provider, seedQueueVisit(1), `provider_id=${SEED_USERS.provider}`)).status,
    ).toBe(200);
    expect(
      (await act(SEED_USERS.provider, seedQueueVisit(1), `provider_id=${SEED_USERS.provider}`)).status,
    ).toBe(200);
    expect((await act(SEED_USERS.provider, seedQueueVisit(1), 'status=25')).status).toBe(200);
    const again = await act(SEED_USERS.provider, seedQueueVisit(1), 'status=25');
    expect(again.status).toBe(200);
    expect(again.body.data?.status).toBe(25);
  });

  it('moves status only forward and refuses a cancelled visit', async () => {
    expect(
      (await act(SEED_USERS.provider, seedQueueVisit(2), 'status=40&reason=Duplicate%20request')).status,
    ).toBe(200);
    const start = await act(SEED_USERS.provider, seedQueueVisit(2), 'status=25');
    expect(start.status).toBe(409);
    expect(start.body.message).toBe('This visit has been cancelled.');
    expect(db.visits.get(seedQueueVisit(2))?.status).toBe(40);
  });

  it('asks for a reason to cancel and refuses completing a walk-in that never started', async () => {
    expect((await act(SEED_USERS.provider, seedQueueVisit(2), 'status=40')).status).toBe(400);
    const complete = await act(SEED_USERS.provider, seedQueueVisit(2), 'status=30');
    expect(complete.status).toBe(409);
    expect(db.visits.get(seedQueueVisit(2))?.status).toBe(10);
  });

  it('lets only a provider of the visit’s room take it', async () => {
    // The dermatologist works in dermatology only.
    const response = await act(SEED_USERS.derm, seedQueueVisit(1), `provider_id=${SEED_USERS.derm}`);
    expect(response.status).toBe(403);
    expect(db.visits.get(seedQueueVisit(1))?.provider_id).toBeNull();
  });

  it('closes a completed e-consult’s thread for new patient messages with 409', async () => {
    expect((await act(SEED_USERS.provider, SEED_VISITS.econsultOpen, 'status=30')).status).toBe(200);
    const response = await fetch(
      `http://localhost/messaging/api/visits/${SEED_VISITS.econsultOpen}/messages`,
      {
        method: 'POST',
        headers: { ...headers(SEED_USERS.patient), 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: 'One more question' }),
      },
    );
    expect(response.status).toBe(409);
  });

  it('adds walk-ins on demand from patients not already in the line', async () => {
    const response = await fetch('http://localhost/__mock/rooms/general/walkins', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 2, reason: 'Twisted ankle' }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { ids: string[] } };
    const added = data.ids.map((id) => db.visits.get(id)!);
    expect(added.map((v) => [v.status, v.type, v.room_code])).toEqual([
      [10, 1, 'general'],
      [10, 1, 'general'],
    ]);
    const members = [...db.visits.by('room', 'general')]
      .filter((v) => v.status === 10 && v.type === 1)
      .map((v) => v.member_id);
    expect(new Set(members).size).toBe(members.length);
  });
});

describe('a provider moving an appointment (POST /visits/{id}?version=2&slot_start=…)', () => {
  interface Offered {
    slots: { slot_id: string; slot_start: number; slot_end: number }[];
    slot_data: Record<string, { provider_id: string }>;
  }
  async function offered(providerId: string) {
    const t = nowSeconds();
    const response = await fetch(
      `${BASE}/availability?start=${t}&end=${t + 30 * 86_400}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}&provider_id=${providerId}`,
      { headers: headers(SEED_USERS.provider) },
    );
    return ((await response.json()) as { data: Offered }).data.slots;
  }

  it('moves her own appointment onto her own times only: never onto a colleague\u2019s', async () => {
    const t = nowSeconds();
    const visit = [...db.visits.values()].find(
      (v) => v.type === 2 && v.status === 20 && v.provider_id === SEED_USERS.provider && Number(v.start) > t,
    );
    if (!visit) throw new Error('no confirmed appointment of usr_provider in the seed');
    // Times the patient is free at (their other appointments, read from the store).
    const busy = [...db.visits.by('member', String(visit.member_id))]
      .filter((v) => v.id !== visit.id && v.type === 2 && v.status !== 30 && v.status !== 40)
      .map((v) => [Number(v.start), Number(v.end)] as const);
    const free = (s: { slot_start: number; slot_end: number }) =>
      busy.every(([start, end]) => !(start < s.slot_end && end > s.slot_start));
    const okaforTimes = new Set(
      [...db.slots.values()]
        .filter((s) => s.provider_id === SEED_USERS.provider)
        .map((s) => `${s.start}-${s.end}`),
    );
    const nurseOnly = (await offered(SEED_USERS.nurse)).find(
      (s) => free(s) && !okaforTimes.has(`${s.slot_start}-${s.slot_end}`),
    );
    const own = (await offered(SEED_USERS.provider)).find((s) => free(s) && s.slot_start !== visit.start);
    if (!nurseOnly || !own) throw new Error('no times to move to');
    const before = { start: visit.start, end: visit.end, slot: visit._slot_id };

    const named = await act(
      SEED_USERS.provider,
      visit.id,
      `slot_start=${nurseOnly.slot_start}&slot_end=${nurseOnly.slot_end}&provider_id=${SEED_USERS.nurse}`,
    );
    expect(named.status).toBe(400);
    expect(named.body).toEqual({ error: 'bad_request', message: 'provider_id may only be your own id' });
    const unnamed = await act(
      SEED_USERS.provider,
      visit.id,
      `slot_start=${nurseOnly.slot_start}&slot_end=${nurseOnly.slot_end}`,
    );
    expect(unnamed.status).toBe(400);
    expect(db.visits.get(visit.id)).toMatchObject({
      start: before.start,
      end: before.end,
      provider_id: SEED_USERS.provider,
    });
    expect(db.visits.get(visit.id)?._slot_id).toBe(before.slot);

    const moved = await act(
      SEED_USERS.provider,
      visit.id,
      `slot_start=${own.slot_start}&slot_end=${own.slot_end}`,
    );
    expect(moved.status).toBe(200);
    expect(db.visits.get(visit.id)).toMatchObject({
      start: own.slot_start,
      end: own.slot_end,
      provider_id: SEED_USERS.provider,
      _slot_id: own.slot_id,
    });
  });
});
