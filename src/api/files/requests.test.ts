import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { sessionFor } from '~test/render';
import {
  downloadFileBlob,
  getFile,
  renameFile,
  uploadFile,
  viewCredentials,
} from '@telehealth/client/files/requests';
import { SEED_FILES, SEED_USERS } from '@telehealth/mock/seed/ids';

function signIn() {
  const token = sessionFor('demo-patient').token.token;
  configureAuth({
    getAccessToken: () => Promise.resolve(token),
    refreshAfterUnauthorized: () => Promise.reject(new Error('no refresh in this test')),
    onSessionRejected: () => undefined,
    getAdminToken: () => null,
  });
}

describe('file requests', () => {
  it('refuses an on-behalf upload without a complete target before sending', async () => {
    signIn();
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    await expect(uploadFile({ file, category: 'user_document' }, { auth: 'admin' })).rejects.toThrow(
      /targetId and targetType/,
    );
    await expect(
      uploadFile({ file, category: 'user_document', targetId: SEED_USERS.patient }),
    ).rejects.toThrow(/targetId and targetType/);
  });

  it('sends the new title as meta.title and the deprecated name', async () => {
    signIn();
    let sent = '';
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST')
        void request
          .clone()
          .text()
          .then((body) => (sent = body));
    });
    const file = await renameFile(SEED_FILES.vaccination, '  New title ');
    expect(file.meta?.title).toBe('New title');
    expect(new URLSearchParams(sent).get('meta.title')).toBe('New title');
    expect(new URLSearchParams(sent).get('name')).toBe('New title');
    server.events.removeAllListeners();
  });

  it('reads a fresh link once when the one it has is refused, and gives up after that', async () => {
    signIn();
    const file = await getFile(SEED_FILES.vaccination);
    expect(viewCredentials(file)).toEqual({
      authCode: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
      time: expect.stringMatching(/^\d+$/) as unknown,
    });
    const stale = {
      id: file.id,
      fullpath: `${file.fullpath?.split('?')[0] ?? ''}?auth_code=${'0'.repeat(32)}&time=1`,
    };
    expect(await (await downloadFileBlob(stale)).text()).toBe(
      'Demo document: vaccination record (sample text)\n',
    );
    expect(await (await downloadFileBlob({ id: file.id })).text()).toContain('vaccination record');

    server.use(
      http.get(api('/files/view/:id'), () =>
        HttpResponse.json({ code: 403, message: 'no' }, { status: 403 }),
      ),
    );
    await expect(downloadFileBlob(file)).rejects.toMatchObject({ kind: 'http', status: 403 });
  });
});
