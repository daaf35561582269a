import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_MOCK_DEFAULTS, fileMockConfig } from '@telehealth/mock/handlers/files';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_FILES, SEED_USERS } from '@telehealth/mock/seed/ids';

const PNG_THUMB_BYTES = 87;

let objectUrls: Blob[] = [];

beforeEach(() => {
  objectUrls = [];
  // jsdom has no object URLs; record what would have been handed to the browser.
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      objectUrls.push(blob);
      return `blob:test/${objectUrls.length}`;
    }),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  Object.assign(fileMockConfig, FILE_MOCK_DEFAULTS);
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const rowOf = (title: string) =>
  // eslint-disable-next-line testing-library/no-node-access -- a document's row, found from its heading
  screen.getByRole('heading', { name: title, level: 3 }).closest('li') as HTMLElement;

async function openPatientDocuments() {
  const utils = renderRoute('/patient/documents', { as: 'demo-patient' });
  await screen.findByRole('heading', { name: 'Photo of the rash', level: 3 });
  return utils;
}

describe('patient documents page', () => {
  it('lists own and shared documents with type, size, date in the viewer’s zone and uploader', async () => {
    await openPatientDocuments();
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your documents' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Photo of the rash', 'Visit summary', 'Vaccination record']);
    const shared = rowOf('Visit summary');
    expect(shared).toHaveTextContent(
      /TXT file · 43 bytes · .+, \d{1,2}:\d{2} [AP]M E[SD]T · uploaded by Samira Okafor/,
    );
    expect(within(shared).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(shared).queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
    expect(rowOf('Vaccination record')).toHaveTextContent('uploaded by you');
    expect(
      within(rowOf('Vaccination record')).getByRole('button', { name: 'Delete Vaccination record' }),
    ).toBeInTheDocument();
  });

  it('shows an image thumbnail from bytes, with no link credentials in the page', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(request.url);
    });
    await openPatientDocuments();
    const row = rowOf('Photo of the rash');
    await waitFor(() => expect(within(row).getByRole('presentation')).toHaveAttribute('src', 'blob:test/1'));
    expect(objectUrls[0]?.size).toBe(PNG_THUMB_BYTES);
    expect(seen.some((url) => url.includes('/files/view/file_doc_3') && url.includes('size=96x96'))).toBe(
      true,
    );
    expect(document.body.innerHTML).not.toContain('auth_code');
    server.events.removeAllListeners();
  });

  it('uploads a real file with progress, then lists it once the server has it', async () => {
    const { user, db } = await openPatientDocuments();
    const before = db.files.size;
    const bytes = new Uint8Array(3000).map((_, i) => i % 251);
    await user.upload(
      screen.getByLabelText('Add documents'),
      new File([bytes], 'blood-test.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of blood-test.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(await screen.findByRole('heading', { name: 'blood-test.pdf', level: 3 })).toBeInTheDocument();
    expect(rowOf('blood-test.pdf')).toHaveTextContent('PDF file · 2.9 KB');
    expect(db.files.size).toBe(before + 1);
    const stored = [...db.files.values()].find((f) => f.name === 'blood-test.pdf');
    expect(stored).toMatchObject({
      meta: { category: 'user_document', target: { id: SEED_USERS.patient, type: 'user' } },
    });
    expect(db.fileBlobs.get(stored?.id ?? '')).toBe(btoa(String.fromCharCode(...bytes)));
  });

  it('refuses an oversized file without any request', async () => {
    const { user } = await openPatientDocuments();
    const posts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts.push(request.url);
    });
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Add documents'), big);
    expect(
      screen.getByText(/Not sent\. This file is 25 MB; files can be at most 25 MB\./),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);
    server.events.removeAllListeners();
  });

  it('leaves no half-listed file when an upload is interrupted, and a retry uploads once', async () => {
    const { user, db } = await openPatientDocuments();
    const before = db.files.size;
    server.use(http.post(api('/files'), () => HttpResponse.error(), { once: true }));
    await user.upload(
      screen.getByLabelText('Add documents'),
      new File(['hello'], 'note.txt', { type: 'text/plain' }),
    );
    expect(
      await screen.findByText('The upload was interrupted. Check your connection and retry.'),
    ).toBeInTheDocument();
    expect(db.files.size).toBe(before);
    expect(screen.queryByRole('heading', { name: 'note.txt', level: 3 })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry upload of note.txt' }));
    expect(await screen.findByRole('heading', { name: 'note.txt', level: 3 })).toBeInTheDocument();
    expect(db.files.size).toBe(before + 1);
    expect(screen.getAllByRole('heading', { name: 'note.txt', level: 3 })).toHaveLength(1);
  });

  it('renames by title, keeping what was typed when the name is refused', async () => {
    const { user, db } = await openPatientDocuments();
    await user.click(screen.getByRole('button', { name: 'Rename Vaccination record' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename document' });
    const field = within(dialog).getByLabelText(/New name/);
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText('Enter a name for this document.')).toBeInTheDocument();
    await user.type(field, 'Immunisations 2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Immunisations 2024', level: 3 })).toBeInTheDocument();
    expect(db.files.get(SEED_FILES.vaccination)).toMatchObject({
      name: 'Immunisations 2024',
      meta: { title: 'Immunisations 2024' },
    });
  });

  it('deletes only after confirmation, and the row goes only once the server agreed', async () => {
    const { user, db } = await openPatientDocuments();
    server.use(
      http.delete(
        api('/files/:id'),
        () => HttpResponse.json({ code: 500, message: 'boom' }, { status: 500 }),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Vaccination record' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete document?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The clinic is having trouble right now',
    );
    expect(rowOf('Vaccination record')).toBeInTheDocument();
    expect(db.files.has(SEED_FILES.vaccination)).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Delete Vaccination record' }));
    dialog = screen.getByRole('dialog', { name: 'Delete document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Vaccination record', level: 3 })).not.toBeInTheDocument(),
    );
    expect(db.files.has(SEED_FILES.vaccination)).toBe(false);
  });

  it('opens a file in a new tab from bytes read through the API, so it opens whatever host serves the link', async () => {
    // Under `npm run dev` the mock's links lie on the portal's own origin, where a new tab's
    // navigation never reaches the mock worker and showed "Page not found": the tab now gets the
    // bytes, typed by the portal, never the link.
    const { user } = await openPatientDocuments();
    const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    expect(document.body.innerHTML).not.toContain('auth_code');
    await user.click(screen.getByRole('button', { name: 'Open Visit summary' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toBe('');
    expect(tab.opener).toBeNull();
    const blob = objectUrls.at(-1);
    expect(tab.location.replace).toHaveBeenCalledWith(`blob:test/${objectUrls.length}`);
    expect(blob?.type).toBe('text/plain');
    expect(await blob?.text()).toMatch(/^Demo document/);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('downloads the exact bytes under a sanitised name, refreshing an expired link once', async () => {
    const { user, db } = renderRoute('/patient/documents', { as: 'demo-patient' });
    const clicked: { download: string; rel: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, rel: this.rel, href: this.href });
    });
    db.files.set(SEED_FILES.vaccination, {
      ...db.files.get(SEED_FILES.vaccination)!,
      meta: {
        title: '../..\\evil\u202Etxt.exe',
        category: 'user_document',
        target: { id: SEED_USERS.patient, type: 'user' },
      },
    });
    const reads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      reads.push(new URL(request.url).pathname);
    });
    // The first link is refused as expired; the page reads the file again and uses the fresh one.
    let refused = false;
    server.use(
      http.get(api('/files/view/:id'), ({ params }) => {
        if (params.id !== SEED_FILES.vaccination || refused) return undefined;
        refused = true;
        return HttpResponse.json({ code: 410, message: 'expired' }, { status: 410 });
      }),
    );
    await screen.findByRole('heading', { name: '../..\\eviltxt.exe', level: 3 });
    await user.click(screen.getByRole('button', { name: /^Download \.\.\/\.\.\\evil/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    // The stored file is plain text: the title's ".exe" is neutralised and the real extension wins.
    expect(clicked[0]).toMatchObject({ download: 'eviltxt_exe.txt', rel: 'noreferrer' });
    expect(clicked[0]?.href).toMatch(/^blob:test\//);
    const blob = objectUrls.at(-1);
    expect(await blob?.text()).toBe('Demo document: vaccination record (sample text)\n');
    expect(reads.filter((p) => p === '/api_v3/files/file_doc_1')).toHaveLength(1);
    expect(reads.filter((p) => p === '/api_v3/files/view/file_doc_1')).toHaveLength(2);
    server.events.removeAllListeners();
  });

  it('says so clearly when a fresh link is refused too', async () => {
    const { user } = await openPatientDocuments();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.use(
      http.get(api('/files/view/:id'), () =>
        HttpResponse.json({ code: 410, message: 'expired' }, { status: 410 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download Vaccination record' }));
    expect(await within(rowOf('Vaccination record')).findByRole('alert')).toHaveTextContent(
      'The link to this file expired and a fresh one was refused. Please try again in a moment.',
    );
  });

  it('pages long lists 25 rows at a time', async () => {
    const { db, user, router } = renderRoute('/patient/documents', { as: 'demo-patient' });
    const template = db.files.get(SEED_FILES.vaccination)!;
    for (let i = 0; i < 60; i += 1) {
      const id = `file_bulk_${i}`;
      db.files.set(id, {
        ...template,
        id,
        created: 1_700_000_000 - i,
        meta: { ...(template.meta as object), title: `Bulk ${i}` },
      });
    }
    await screen.findByRole('heading', { name: 'Photo of the rash', level: 3 });
    expect(
      within(screen.getByRole('list', { name: 'Your documents' })).getAllByRole('listitem'),
    ).toHaveLength(25);
    expect(screen.getByText('Page 1 of 3 (63 documents)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3 (63 documents)')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(
      within(screen.getByRole('list', { name: 'Your documents' })).getAllByRole('listitem'),
    ).toHaveLength(25);
  });

  it('shows a load failure with a way to retry', async () => {
    server.use(
      http.get(api('/files'), () => HttpResponse.json({ code: 403, message: 'no' }, { status: 403 }), {
        once: true,
      }),
    );
    const { user } = renderRoute('/patient/documents', { as: 'demo-patient' });
    expect(
      await screen.findByRole('heading', { name: 'We could not load the documents' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Photo of the rash', level: 3 })).toBeInTheDocument();
  });
});

describe('provider record of a patient', () => {
  it('shows the patient’s documents tab and uploads with the patient as target', async () => {
    const { user, db } = renderRoute(`/provider/patients/${SEED_USERS.patient}`, { as: 'demo-provider' });
    expect(await screen.findByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Documents' });
    expect(
      await within(panel).findByRole('heading', { name: 'Vaccination record', level: 3 }),
    ).toBeInTheDocument();
    expect(rowOf('Visit summary')).toHaveTextContent('uploaded by you');
    await user.upload(
      within(panel).getByLabelText('Add documents to this patient’s record'),
      new File(['r'], 'referral.pdf', { type: 'application/pdf' }),
    );
    expect(await within(panel).findByRole('heading', { name: 'referral.pdf', level: 3 })).toBeInTheDocument();
    const stored = [...db.files.values()].find((f) => f.name === 'referral.pdf');
    expect(stored).toMatchObject({
      _owner: SEED_USERS.patient,
      creator: { id: SEED_USERS.provider },
      meta: { target: { id: SEED_USERS.patient, type: 'user' } },
    });
  });
});
