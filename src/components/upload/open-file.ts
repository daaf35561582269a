import { downloadFileBlob } from '@/api/files/requests';
import type { FileRecord } from '@/api/files/schemas';

/**
 * Types a browser shows inertly in a tab, by extension. The bytes are re-typed from this list,
 * never from the server's Content-Type, so nothing opened on the portal's origin can run script
 * (no HTML, no SVG); any other file is saved instead.
 */
const VIEWABLE: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
};

function viewableTypeOf(file: Pick<FileRecord, 'ext' | 'name'>): string | undefined {
  const ext = (file.ext ?? file.name.split('.').pop() ?? '').replace(/^\./, '').toLowerCase();
  return VIEWABLE[ext];
}

/**
 * Opens a file in a new tab. The bytes come through the API layer (like a download, refreshing
 * an expired link once) and the tab shows them from an object URL: a link to the file host is
 * never handed to the tab, so it works whatever host serves the files (under `npm run dev` the
 * mock's links lie on the portal's own origin, which a new tab's navigation cannot reach) and the
 * time-limited link never lands in the tab's address bar or history. The tab is opened at the
 * click, so pop-up blockers allow it, and loses its opener at once. A type a tab cannot show
 * safely goes to `otherwise` (a download).
 */
export async function openFileBytesInNewTab(
  file: Pick<FileRecord, 'id' | 'fullpath' | 'name' | 'ext'>,
  otherwise: () => Promise<void>,
): Promise<void> {
  const type = viewableTypeOf(file);
  if (!type) {
    await otherwise();
    return;
  }
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const bytes = await downloadFileBlob(file);
    const url = URL.createObjectURL(new Blob([bytes], { type }));
    if (tab) tab.location.replace(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
    // Long enough for the tab to load; the object URL holds the bytes until revoked.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
