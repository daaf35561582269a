import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import {
  displayFileName,
  fileActionMessage,
  FileName,
  fileTitleOf,
  formatBytes,
  openFileInNewTab,
  saveFileToDisk,
} from '@/components/upload';
import { formatDateTime } from '@/lib/dates';
import { Thumbnail } from './thumbnail';

export interface DocumentRowProps {
  file: FileRecord;
  /** IANA zone the date is shown in. */
  zone: string;
  /** The signed-in user's id, to say "you" for their own uploads. */
  viewerId: string;
  onRename: (file: FileRecord) => void;
  onDelete: (file: FileRecord) => void;
}

function typeOf(file: FileRecord): string {
  const ext = (file.ext ?? '').replace(/[^a-z0-9]/gi, '').toUpperCase();
  return ext ? t`${ext} file` : t`File`;
}

/** One document: title, type, size, date, uploader, and what the viewer may do with it. */
export function DocumentRow({ file, zone, viewerId, onRename, onDelete }: DocumentRowProps) {
  // Which of the two actions is running, for its busy label (useSingleFlight runs one at a time).
  const [busy, setBusy] = useState<'open' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = fileTitleOf(file);
  // Names in labels are plain text with control and bidi characters removed (case 24).
  const label = displayFileName(title);
  const isOwn = file.creator?.id === viewerId;
  const uploader = file.creator?.full_name;
  const mayEdit = file.creator?.id === viewerId;

  const { run } = useSingleFlight(async (kind: 'open' | 'download') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'open') await openFileInNewTab(file);
      else await saveFileToDisk(file);
    } catch (cause) {
      setError(fileActionMessage(cause));
    } finally {
      setBusy(null);
    }
  });

  return (
    <li className="doc-row">
      <Thumbnail file={file} />
      <div>
        <h3 className="doc-title">
          <FileName name={title} />
        </h3>
        <p className="doc-facts">
          {typeOf(file)} · {formatBytes(file.size)} ·{' '}
          {file.created !== undefined ? formatDateTime(file.created, zone) : t`date unknown`} ·{' '}
          {isOwn ? (
            <Trans>uploaded by you</Trans>
          ) : typeof uploader === 'string' ? (
            <Trans>
              uploaded by <bdi>{uploader}</bdi>
            </Trans>
          ) : (
            <Trans>uploaded by the clinic</Trans>
          )}
        </p>
        <div className="doc-actions">
          <Button
            variant="secondary"
            onClick={() => void run('open')}
            aria-label={t`Open ${label}`}
            isBusy={busy === 'open'}
            busyLabel={t`Opening…`}
          >
            <Trans context="button: opens a document">Open</Trans>
          </Button>
          <Button
            variant="secondary"
            onClick={() => void run('download')}
            aria-label={t`Download ${label}`}
            isBusy={busy === 'download'}
            busyLabel={t`Downloading…`}
          >
            <Trans>Download</Trans>
          </Button>
          {mayEdit ? (
            <Button variant="secondary" onClick={() => onRename(file)} aria-label={t`Rename ${label}`}>
              <Trans>Rename</Trans>
            </Button>
          ) : null}
          {file.is_deletable ? (
            <Button variant="danger" onClick={() => onDelete(file)} aria-label={t`Delete ${label}`}>
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
