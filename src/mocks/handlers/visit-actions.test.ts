import { describe, expect, it } from 'vitest';
import { db } from '../db';
import { issuePair } from '../lib/auth';

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
      act('usr_provider', 'vis_queue_p001', 'provider_id=usr_provider'),
      act('usr_nurse', 'vis_queue_p001', 'provider_id=usr_nurse'),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winnerId = a.status === 200 ? 'usr_provider' : 'usr_nurse';
    expect(db.visits.get('vis_queue_p001')?.provider_id).toBe(winnerId);
    expect(loser.body.error).toBe('visit_taken');
    expect(loser.body.message).toMatch(/has already taken this visit\.$/);
  });

  it('answers a repeated take or start with the visit as it is', async () => {
    expect((await act('usr_provider', 'vis_queue_p001', 'provider_id=usr_provider')).status).toBe(200);
    expect((await act('usr_provider', 'vis_queue_p001', 'provider_id=usr_provider')).status).toBe(200);
    expect((await act('usr_provider', 'vis_queue_p001', 'status=25')).status).toBe(200);
    const again = await act('usr_provider', 'vis_queue_p001', 'status=25');
    expect(again.status).toBe(200);
    expect(again.body.data?.status).toBe(25);
  });

  it('moves status only forward and refuses a cancelled visit', async () => {
    expect((await act('usr_provider', 'vis_queue_p002', 'status=40&reason=Duplicate%20request')).status).toBe(
      200,
    );
    const start = await act('usr_provider', 'vis_queue_p002', 'status=25');
    expect(start.status).toBe(409);
    expect(start.body.message).toBe('This visit has been cancelled.');
    expect(db.visits.get('vis_queue_p002')?.status).toBe(40);
  });

  it('asks for a reason to cancel and refuses completing a walk-in that never started', async () => {
    expect((await act('usr_provider', 'vis_queue_p002', 'status=40')).status).toBe(400);
    const complete = await act('usr_provider', 'vis_queue_p002', 'status=30');
    expect(complete.status).toBe(409);
    expect(db.visits.get('vis_queue_p002')?.status).toBe(10);
  });

  it('lets only a provider of the visit’s room take it', async () => {
    // The dermatologist works in dermatology only.
    const response = await act('usr_derm', 'vis_queue_p001', 'provider_id=usr_derm');
    expect(response.status).toBe(403);
    expect(db.visits.get('vis_queue_p001')?.provider_id).toBeNull();
  });

  it('closes a completed e-consult’s thread for new patient messages with 409', async () => {
    expect((await act('usr_provider', 'vis_econsult_open', 'status=30')).status).toBe(200);
    const response = await fetch('http://localhost/messaging/api/visits/vis_econsult_open/messages', {
      method: 'POST',
      headers: { ...headers('usr_patient'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'One more question' }),
    });
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
