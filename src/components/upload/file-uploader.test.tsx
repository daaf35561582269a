import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@telehealth/client/errors';
import type { PreparedPhoto } from '@/lib/photos';
import { FileUploader, type UploadContext } from './file-uploader';
import {
  checkFile,
  DOCUMENT_ACCEPT,
  formatBytes,
  IMAGE_ACCEPT,
  middleEllipsis,
  sanitizeFileName,
} from './file-rules';

interface Pending {
  file: File;
  context: UploadContext;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

/** An upload function the test drives by hand. */
function controlledUpload() {
  const calls: Pending[] = [];
  const upload = vi.fn(
    (file: File, context: UploadContext) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ file, context, resolve, reject });
        context.signal.addEventListener('abort', () => reject(new ApiError({ kind: 'aborted' })));
      }),
  );
  return { calls, upload };
}

/** Runs a state change that settles a promise, and lets React render the outcome. */
const settle = (fn: () => void) =>
  act(async () => {
    fn();
    await Promise.resolve();
  });

const pdf = (name = 'letter.pdf', size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function setup(props: Partial<Parameters<typeof FileUploader<string>>[0]> = {}) {
  const { calls, upload } = controlledUpload();
  const onUploaded = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  const { unmount } = render(
    <FileUploader<string> label="Add documents" upload={upload} onUploaded={onUploaded} {...props} />,
  );
  const input = screen.getByLabelText('Add documents');
  return { calls, upload, onUploaded, user, input, unmount };
}

describe('FileUploader', () => {
  it('refuses empty, too large and unaccepted files before sending anything', async () => {
    const { user, input, upload } = setup({ maxBytes: 100 });
    await user.upload(input, [
      new File([], 'empty.pdf', { type: 'application/pdf' }),
      pdf('huge.pdf', 101),
      new File(['<script>'], 'page.html', { type: 'text/html' }),
      // The extension says PDF, the browser says HTML: both must agree.
      new File(['<script>'], 'disguised.pdf', { type: 'text/html' }),
    ]);
    expect(upload).not.toHaveBeenCalled();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Not sent. This file is empty (0 bytes)');
    expect(rows[1]).toHaveTextContent('Not sent. This file is 101 bytes; files can be at most 100 bytes.');
    expect(rows[2]).toHaveTextContent(
      'Not sent. This type of file is not accepted. Accepted: PDF, PNG, JPG, JPEG',
    );
    expect(rows[3]).toHaveTextContent('This type of file is not accepted');
    expect(screen.getByRole('status')).toHaveTextContent('4 of 4 files were not accepted.');
  });

  it('uploads several files at once, each with its own progress bar, and shows success', async () => {
    const { user, input, calls, onUploaded } = setup();
    await user.upload(input, [pdf('one.pdf'), pdf('two.pdf')]);
    expect(calls).toHaveLength(2);
    const [first, second] = calls;
    act(() => first?.context.onProgress({ loaded: 6, total: 10, fraction: 0.6 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of one.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByRole('progressbar', { name: 'Upload progress of two.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByText('Uploading… 60%')).toBeInTheDocument();
    await settle(() => first?.resolve('file_1'));
    // eslint-disable-next-line testing-library/no-node-access -- the row of one file among several
    const rowOne = screen.getByText('one.pdf').closest('li') as HTMLElement;
    expect(within(rowOne).getByText('Uploaded')).toBeInTheDocument();
    expect(within(rowOne).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(onUploaded).toHaveBeenCalledWith('file_1', first?.file);
    expect(screen.getByRole('status')).toHaveTextContent('one.pdf uploaded.');
    await settle(() => second?.resolve('file_2'));
    expect(onUploaded).toHaveBeenCalledTimes(2);
  });

  it('cancels an upload by aborting its signal, then retries it once', async () => {
    const { user, input, calls, upload, onUploaded } = setup();
    await user.upload(input, pdf());
    await user.click(screen.getByRole('button', { name: 'Cancel upload of letter.pdf' }));
    expect(calls[0]?.context.signal.aborted).toBe(true);
    expect(await screen.findByText('Upload cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Retry upload of letter.pdf' });
    await user.dblClick(retry);
    expect(upload).toHaveBeenCalledTimes(2);
    await settle(() => calls[1]?.resolve('file_9'));
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('shows a failure with retry, and the retry can succeed', async () => {
    const { user, input, calls } = setup();
    await user.upload(input, pdf());
    await settle(() => calls[0]?.reject(new ApiError({ kind: 'network' })));
    expect(
      screen.getByText('The upload was interrupted. Check your connection and retry.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry upload of letter.pdf' }));
    await settle(() => calls[1]?.resolve('ok'));
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.queryByText(/interrupted/)).not.toBeInTheDocument();
  });

  it('explains a server refusal for size and type', async () => {
    const { user, input, calls } = setup();
    await user.upload(input, [pdf('a.pdf'), pdf('b.pdf')]);
    await settle(() => {
      calls[0]?.reject(new ApiError({ kind: 'http', status: 413 }));
      calls[1]?.reject(new ApiError({ kind: 'http', status: 415 }));
    });
    expect(screen.getByText('The clinic refused this file because it is too large.')).toBeInTheDocument();
    expect(screen.getByText('The clinic does not accept this type of file.')).toBeInTheDocument();
  });

  it('accepts files dropped on the drop zone', async () => {
    const { upload } = setup();
    const zone = screen.getByTestId('upload-drop-zone');
    const file = pdf('dropped.pdf');
    await settle(() => {
      const dataTransfer = { files: [file], dropEffect: 'none' };
      zone.dispatchEvent(
        Object.assign(new Event('dragover', { bubbles: true, cancelable: true }), { dataTransfer }),
      );
      zone.dispatchEvent(
        Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer }),
      );
    });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0]).toBe(file);
  });

  it('never reads the whole file in the browser', async () => {
    const readAsDataURL = vi.spyOn(FileReader.prototype, 'readAsDataURL');
    const readAsArrayBuffer = vi.spyOn(FileReader.prototype, 'readAsArrayBuffer');
    const btoaSpy = vi.spyOn(window, 'btoa');
    const { user, input, upload } = setup();
    await user.upload(input, pdf('big.pdf', 2048));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(readAsDataURL).not.toHaveBeenCalled();
    expect(readAsArrayBuffer).not.toHaveBeenCalled();
    expect(btoaSpy).not.toHaveBeenCalled();
  });

  it('shows hostile names as isolated text with the full name as a tooltip', async () => {
    const { user, input } = setup();
    const hostile = `"><img src=x onerror=alert(1)>${'x'.repeat(300)}\u202Efdp.exe.pdf`;
    await user.upload(input, new File(['x'], hostile, { type: 'application/pdf' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- the <bdi> element itself is what case 24 asks for
    const name = document.querySelector('bdi.file-name');
    expect(name?.getAttribute('title')).toBe(hostile.replace('\u202E', ''));
    expect(Array.from(name?.textContent ?? '').length).toBe(48);
    expect(name?.textContent).toMatch(/…xfdp\.exe\.pdf$/);
  });

  it('aborts running uploads when it unmounts', async () => {
    const { user, input, calls, unmount } = setup();
    await user.upload(input, pdf());
    unmount();
    expect(calls[0]?.context.signal.aborted).toBe(true);
  });
});

/** A prepare function the test settles by hand, standing in for lib/photos (jsdom has no canvas). */
function controlledPrepare() {
  const calls: { file: File; signal: AbortSignal; resolve: (value: PreparedPhoto) => void }[] = [];
  const prepare = vi.fn(
    (file: File, signal: AbortSignal) =>
      new Promise<PreparedPhoto>((resolve) => {
        calls.push({ file, signal, resolve });
      }),
  );
  return { calls, prepare };
}

const photo = (name = 'IMG_0042.HEIC', size = 4_300_000, type = 'image/heic') =>
  new File([new Uint8Array(size)], name, { type });

describe('FileUploader with phone photos', () => {
  it('sends the prepared photo, not the one chosen, and says what was done', async () => {
    const { calls: preparing, prepare } = controlledPrepare();
    const { user, input, calls, onUploaded } = setup({ prepare });
    const chosen = photo();
    await user.upload(input, chosen);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Converting the photo… This can take a few seconds.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const prepared = new File([new Uint8Array(1_258_291)], 'IMG_0042.jpg', { type: 'image/jpeg' });
    const note =
      'Photo converted so it can be shown on any device; made smaller for upload (4.1 MB → 1.2 MB).';
    await settle(() => preparing[0]?.resolve({ file: prepared, note }));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.file).toBe(prepared);
    // The row keeps the name the patient chose, with the size that is sent.
    // eslint-disable-next-line testing-library/no-node-access -- the row of the file
    const row = screen.getByText('IMG_0042.HEIC').closest('li') as HTMLElement;
    expect(within(row).getByText('1.2 MB')).toBeInTheDocument();
    expect(within(row).getByText(note)).toBeInTheDocument();
    await settle(() => calls[0]?.resolve('file_1'));
    expect(onUploaded).toHaveBeenCalledWith('file_1', prepared);
    expect(screen.getByRole('status')).toHaveTextContent(`IMG_0042.HEIC uploaded. ${note}`);
  });

  it('retries with the prepared photo, without preparing it again', async () => {
    const { calls: preparing, prepare } = controlledPrepare();
    const { user, input, calls, upload } = setup({ prepare });
    await user.upload(input, photo('rash.jpg', 5_000_000, 'image/jpeg'));
    const prepared = new File([new Uint8Array(900_000)], 'rash.jpg', { type: 'image/jpeg' });
    await settle(() => preparing[0]?.resolve({ file: prepared, note: 'Location removed from the photo.' }));
    await settle(() => calls[0]?.reject(new ApiError({ kind: 'network' })));
    await user.click(screen.getByRole('button', { name: 'Retry upload of rash.jpg' }));
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(calls[1]?.file).toBe(prepared);
  });

  it('sends documents at once, without preparing them', async () => {
    const { prepare } = controlledPrepare();
    const { user, input, calls } = setup({ prepare });
    await user.upload(input, pdf());
    expect(prepare).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('cancels a photo still being prepared, and Retry prepares it again', async () => {
    const { calls: preparing, prepare } = controlledPrepare();
    const { user, input, upload } = setup({ prepare });
    await user.upload(input, photo());
    await user.click(screen.getByRole('button', { name: 'Cancel upload of IMG_0042.HEIC' }));
    expect(preparing[0]?.signal.aborted).toBe(true);
    await settle(() => preparing[0]?.resolve({ file: photo('IMG_0042.jpg', 10, 'image/jpeg'), note: null }));
    expect(screen.getByText('Upload cancelled.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry upload of IMG_0042.HEIC' }));
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('judges the chosen photo by the usual rules, and what is sent by its own cap', async () => {
    const { calls: preparing, prepare } = controlledPrepare();
    const { user, input, upload } = setup({
      prepare,
      accept: IMAGE_ACCEPT,
      maxBytes: 10_000_000,
      maxSentBytes: 1000,
    });
    await user.upload(input, photo('huge.heic', 10_000_001));
    expect(prepare).not.toHaveBeenCalled();
    expect(
      screen.getByText(/Not sent\. This file is 9\.5 MB; files can be at most 9\.5 MB\./),
    ).toBeInTheDocument();
    await user.upload(input, photo('me.heic', 5000));
    await settle(() => preparing[0]?.resolve({ file: photo('me.jpg', 2000, 'image/jpeg'), note: null }));
    expect(
      screen.getByText(
        'Not sent. This photo is 2 KB even after preparing it; files can be at most 1000 bytes.',
      ),
    ).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('offers HEIC and HEIF in the picker, whichever of the two types the system reports', () => {
    const { input } = setup({ accept: IMAGE_ACCEPT });
    const accept = input.getAttribute('accept')?.split(',') ?? [];
    expect(accept).toEqual(expect.arrayContaining(['image/heic', 'image/heif', '.heic', '.heif']));
    for (const map of [IMAGE_ACCEPT, DOCUMENT_ACCEPT]) {
      const rules = { accept: map, maxBytes: 100 };
      expect(checkFile({ name: 'IMG_1.HEIC', size: 1, type: 'image/heic' }, rules)).toBeNull();
      expect(checkFile({ name: 'IMG_1.heic', size: 1, type: 'image/heif' }, rules)).toBeNull();
      expect(checkFile({ name: 'IMG_1.heif', size: 1, type: '' }, rules)).toBeNull();
    }
  });
});

describe('file rules', () => {
  it('checks the extension and the reported MIME type together', () => {
    const base = { accept: DOCUMENT_ACCEPT, maxBytes: 100 };
    expect(checkFile({ name: 'scan.PDF', size: 1, type: 'application/pdf' }, base)).toBeNull();
    expect(checkFile({ name: 'scan.pdf', size: 1, type: '' }, base)).toBeNull();
    expect(checkFile({ name: 'scan', size: 1, type: 'application/pdf' }, base)?.reason).toBe('type');
    expect(checkFile({ name: 'photo.png', size: 1, type: 'image/jpeg' }, base)?.reason).toBe('type');
    expect(checkFile({ name: 'a.pdf', size: 101, type: 'application/pdf' }, base)?.reason).toBe('too-large');
    expect(checkFile({ name: 'a.pdf', size: 100, type: 'application/pdf' }, base)).toBeNull();
  });

  it('formats sizes in human units', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(undefined)).toBe('Unknown size');
  });

  it('sanitises names for saving (case 24)', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\x\\..\\y', 'pdf')).toBe('y.pdf');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('"><img src=x onerror=1>.pdf')).toBe('___img src=x onerror=1_.pdf');
    expect(sanitizeFileName('line\nbreak\tname.txt')).toBe('line break name.txt');
    expect(sanitizeFileName('', 'txt')).toBe('download.txt');
    expect(sanitizeFileName('.')).toBe('download');
    expect(sanitizeFileName('..')).toBe('download');
    expect(Array.from(sanitizeFileName(`${'a'.repeat(300)}.pdf`))).toHaveLength(120);
    expect(sanitizeFileName(`${'a'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
    expect(middleEllipsis('short.pdf')).toBe('short.pdf');
  });
});
