import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@telehealth/client/messages/schemas';
import { db } from '@telehealth/mock/db';
import { sessionFor } from '../../render';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

const BASE = 'http://mock.test/messaging/api';
const threadUrl = (visitId: string, query = '') => `${BASE}/visits/${visitId}/messages${query}`;

function tokenOf(code: Parameters<typeof sessionFor>[0]): string {
  return sessionFor(code).token.token;
}

async function get(url: string, token: string | null = tokenOf('demo-patient')) {
  const response = await fetch(url, { headers: token ? { 'X-ApiToken': token } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function post(visitId: string, body: unknown, token: string | null = tokenOf('demo-patient')) {
  const response = await fetch(threadUrl(visitId), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-ApiToken': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const storedThread = (visitId: string) => [...db.messages.values()].filter((m) => m.visit_id === visitId);

describe('visit messages mock (spec 4.15)', () => {
  it('lists the thread oldest first with total_count and the default limit of 25', async () => {
    const { status, body } = await get(threadUrl(SEED_VISITS.econsultClosed));
    expect(status).toBe(200);
    const data = body.data as { id: string; created: number; actor: { display_name: string } }[];
    expect(body.total_count).toBe(5);
    expect(data.map((m) => m.id)).toEqual([
      'msg_closed_m1',
      'msg_closed_m2',
      'msg_closed_m3',
      'msg_closed_m4',
      'msg_closed_m5',
    ]);
    expect(data[0]?.created).not.toBe(Math.floor(data[0]?.created ?? 0));
    expect(data[1]?.actor.display_name).toBe('Dr. Elena Marchetti');
  });

  it('pages with skip, page, limit and both sort forms', async () => {
    const url = (q: string) => threadUrl(SEED_VISITS.econsultClosed, q);
    const ids = async (q: string) =>
      ((await get(url(q))).body.data as { id: string }[]).map((m) => m.id.replace('msg_closed_', ''));
    expect(await ids('?limit=2&skip=1')).toEqual(['m2', 'm3']);
    expect(await ids('?limit=2&page=3')).toEqual(['m5']);
    expect(await ids('?sort=created:desc&limit=2')).toEqual(['m5', 'm4']);
    expect(await ids('?sort=created&order=desc&limit=1')).toEqual(['m5']);
    expect(await ids('?order=asc&skip=5')).toEqual([]);
    expect((await get(url('?limit=201'))).status).toBe(400);
    expect((await get(url('?limit=0'))).status).toBe(400);
    expect((await get(url('?skip=-1'))).status).toBe(400);
    expect((await get(url('?order=sideways'))).status).toBe(400);
    expect((await get(url('?sort=content'))).status).toBe(400);
    expect((await get(url('?sort=created:desc&order=asc'))).status).toBe(400);
    expect((await get(url('?limit=200'))).status).toBe(200);
  });

  it('answers 400 Missing token, 401 Invalid token, 404 and 403 with the spec messages', async () => {
    expect(await get(threadUrl(SEED_VISITS.econsultOpen), null)).toEqual({
      status: 400,
      body: { code: 400, message: 'Missing token' },
    });
    expect(await get(threadUrl(SEED_VISITS.econsultOpen), 'nope')).toEqual({
      status: 401,
      body: { code: 401, message: 'Invalid token' },
    });
    expect(await get(threadUrl('vis_nope'))).toEqual({
      status: 404,
      body: { code: 404, message: 'Visit not found' },
    });
    expect(await get(threadUrl(SEED_VISITS.econsultOpen), tokenOf('demo-patient-2'))).toEqual({
      status: 403,
      body: { code: 403, message: 'Not a participant on this visit' },
    });
    expect((await post(SEED_VISITS.econsultOpen, { content: 'hi' }, tokenOf('demo-patient-2'))).status).toBe(
      403,
    );
    expect(storedThread(SEED_VISITS.econsultOpen)).toHaveLength(1);
  });

  it('lets the patient, the assigned provider and a host read and write', async () => {
    for (const code of ['demo-patient', 'demo-provider'] as const) {
      expect((await get(threadUrl(SEED_VISITS.econsultOpen), tokenOf(code))).status).toBe(200);
    }
    const reply = await post(
      SEED_VISITS.econsultOpen,
      { content: 'Please send a photo.' },
      tokenOf('demo-provider'),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({
      type: 'provider_message',
      actor: { id: SEED_USERS.provider, type: 400 },
    });
  });

  it('stores a posted message, answers 201 with it and queues a content-free webhook event', async () => {
    const before = db.outbox.length;
    const { status, body } = await post(SEED_VISITS.econsultOpen, { content: 'It is about 5 mm wide.' });
    expect(status).toBe(201);
    const message = body.data as {
      id: string;
      type: string;
      created: number;
      actor: Record<string, unknown>;
    };
    expect(message).toMatchObject({ type: 'patient_message', content: 'It is about 5 mm wide.' });
    expect(message.actor).toEqual({ id: SEED_USERS.patient, type: 200, display_name: 'Casey Morgan' });
    expect(storedThread(SEED_VISITS.econsultOpen).map((m) => m.content)).toEqual([
      'A small mole on my shoulder looks darker than last year. Should I be worried?',
      'It is about 5 mm wide.',
    ]);
    const event = db.outbox[before];
    expect(event).toMatchObject({
      type: 'visit.message.created',
      account_code: 'demo',
      data: {
        visit_id: SEED_VISITS.econsultOpen,
        message_id: message.id,
        actor_type: 'patient',
        ts: Math.floor(message.created),
      },
    });
    expect(JSON.stringify(event)).not.toContain('5 mm');
    // The provider hears about it without the content.
    const note = [...db.notifications.values()].find(
      (n) => n.user_id === SEED_USERS.provider && n._visit_id === SEED_VISITS.econsultOpen,
    );
    expect(note?.title).toBe('New message from Casey Morgan');
  });

  it('refuses limit written other than in plain decimal digits (spec 8: an integer)', async () => {
    for (const limit of ['0x10', '%20%2010', '1e1', '10.0', '%2B10', '10%20'])
      expect((await get(threadUrl(SEED_VISITS.econsultClosed, `?limit=${limit}`))).status, limit).toBe(400);
    expect((await get(threadUrl(SEED_VISITS.econsultClosed, '?limit=10'))).status).toBe(200);
  });

  it('answers 415 to a JSON message sent as text/plain, and stores nothing', async () => {
    const before = storedThread(SEED_VISITS.econsultOpen).length;
    const response = await fetch(threadUrl(SEED_VISITS.econsultOpen), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-ApiToken': tokenOf('demo-patient') },
      body: JSON.stringify({ content: 'Hello' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      code: 415,
      message: 'Send the message as application/json',
    });
    expect(storedThread(SEED_VISITS.econsultOpen)).toHaveLength(before);
  });

  it('refuses empty, missing, blank and over-long content with content is required', async () => {
    for (const body of [{}, { content: '' }, { content: '   \n' }, { content: 42 }]) {
      expect(await post(SEED_VISITS.econsultOpen, body)).toEqual({
        status: 400,
        body: { code: 400, message: 'content is required' },
      });
    }
    expect(
      (await post(SEED_VISITS.econsultOpen, { content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) })).status,
    ).toBe(400);
    expect((await post(SEED_VISITS.econsultOpen, { content: 'x'.repeat(MESSAGE_MAX_LENGTH) })).status).toBe(
      201,
    );
    expect(storedThread(SEED_VISITS.econsultOpen)).toHaveLength(2);
  });

  it('answers 409 on a visit closed for new messages and keeps its history readable', async () => {
    expect(await post(SEED_VISITS.econsultClosed, { content: 'One more thing' })).toEqual({
      status: 409,
      body: { code: 409, message: 'Visit is closed for new messages' },
    });
    expect(storedThread(SEED_VISITS.econsultClosed)).toHaveLength(5);
    expect((await get(threadUrl(SEED_VISITS.econsultClosed))).status).toBe(200);
  });

  it('checks that attachments exist and are visible to the sender', async () => {
    db.files.set('file_mine', {
      id: 'file_mine',
      name: 'rash.jpg',
      creator: { id: SEED_USERS.patient },
      meta: { category: 'intake_attachment' },
    });
    db.files.set('file_other', {
      id: 'file_other',
      name: 'x.pdf',
      creator: { id: SEED_USERS.patient2 },
      meta: { target: { id: SEED_USERS.patient2, type: 'user' } },
    });
    expect(
      (await post(SEED_VISITS.econsultOpen, { content: 'photo', attachment_ids: ['file_missing'] })).status,
    ).toBe(400);
    expect(
      (await post(SEED_VISITS.econsultOpen, { content: 'photo', attachment_ids: ['file_other'] })).status,
    ).toBe(400);
    expect(
      (await post(SEED_VISITS.econsultOpen, { content: 'photo', attachment_ids: 'file_mine' })).status,
    ).toBe(400);
    const sent = await post(SEED_VISITS.econsultOpen, { content: 'photo', attachment_ids: ['file_mine'] });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ attachment_ids: ['file_mine'] });
    const listed = (await get(threadUrl(SEED_VISITS.econsultOpen, '?skip=1'))).body.data as {
      attachment_ids?: string[];
    }[];
    expect(listed[0]?.attachment_ids).toEqual(['file_mine']);
  });

  it('keeps created strictly increasing and polling with skip returns only new messages', async () => {
    await post(SEED_VISITS.econsultOpen, { content: 'a' });
    await post(SEED_VISITS.econsultOpen, { content: 'b' });
    const { body } = await get(threadUrl(SEED_VISITS.econsultOpen, '?skip=1'));
    const data = body.data as { content: string; created: number }[];
    expect(data.map((m) => m.content)).toEqual(['a', 'b']);
    expect(data[1]!.created).toBeGreaterThan(data[0]!.created);
    expect(body.total_count).toBe(3);
    expect((await get(threadUrl(SEED_VISITS.econsultOpen, '?skip=3'))).body).toEqual({
      data: [],
      total_count: 3,
    });
  });

  it('the reply control posts as the provider and the seed control builds a big thread', async () => {
    const reply = await fetch(`http://mock.test/__mock/visits/${SEED_VISITS.econsultOpen}/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'Looks benign; book a check.' }),
    });
    expect(reply.status).toBe(201);
    expect(storedThread(SEED_VISITS.econsultOpen).at(-1)).toMatchObject({
      type: 'provider_message',
      content: 'Looks benign; book a check.',
    });
    expect(db.outbox.at(-1)).toMatchObject({ data: { actor_type: 'provider' } });

    const seeded = await fetch(`http://mock.test/__mock/visits/${SEED_VISITS.econsultOpen}/seed-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 1000 }),
    });
    expect(seeded.status).toBe(201);
    const { body } = await get(threadUrl(SEED_VISITS.econsultOpen, '?skip=1000&limit=200'));
    expect(body.total_count).toBe(1002);
    expect((body.data as unknown[]).length).toBe(2);
  });
});
