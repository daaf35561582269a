import { describe, expect, it } from 'vitest';
import { issuePair } from '../lib/auth.ts';
import { SEED_USERS } from '../seed/ids.ts';

const API = 'http://mock.test/api_v3';
type Wire = { id: string; creator?: { email?: string; full_name?: string } | null };

async function upload(userId: string, name: string, category: string) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' }), name);
  form.set('meta.category', category);
  const response = await fetch(`${API}/files`, {
    method: 'POST',
    headers: { 'X-ApiToken': issuePair(userId).access.token, 'X-AccountCode': 'demo' },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Wire }).data;
}

describe('file ids and avatars (D5)', () => {
  it('gives new files unguessable ids, not a sequence', async () => {
    const a = await upload(SEED_USERS.patient, 'a.png', 'user_document');
    const b = await upload(SEED_USERS.patient, 'b.png', 'user_document');
    expect(a.id).toMatch(/^file_[0-9a-f]{24}$/);
    expect(b.id).toMatch(/^file_[0-9a-f]{24}$/);
    expect(a.id).not.toBe(b.id);
  });

  it('shows an avatar to another user without its creator details', async () => {
    const avatar = await upload(SEED_USERS.patient, 'me.png', 'user_avatar');
    expect(avatar.creator?.email).toBeDefined();
    const response = await fetch(`${API}/files/${avatar.id}`, {
      headers: { 'X-ApiToken': issuePair(SEED_USERS.patient2).access.token, 'X-AccountCode': 'demo' },
    });
    expect(response.status).toBe(200);
    const seen = ((await response.json()) as { data: Wire }).data;
    expect(seen.creator ?? null).toBeNull();
  });
});
