import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fileQueries } from '@/api/files/queries';
import { downloadFileBlob, getFile } from '@telehealth/client/files/requests';
import { isApiError } from '@telehealth/client/errors';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FileName, formatBytes, sanitizeFileName } from '@/components/upload';

/** Files sent with a message. Their details are read when the row is shown, the bytes on click. */
export function AttachmentList({ ids }: { ids: readonly string[] }) {
  return (
    <ul className="msg-attachments" aria-label={t`Attachments`}>
      {ids.map((id) => (
        <li key={id}>
          <Attachment id={id} />
        </li>
      ))}
    </ul>
  );
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function Attachment({ id }: { id: string }) {
  // The link inside a record expires, so the record is re-read at download time anyway.
  const file = useQuery({ ...fileQueries.detail(id), staleTime: 60_000, gcTime: 5 * 60_000, retry: false });
  const [error, setError] = useState<string | null>(null);
  const name = file.data?.name ?? t`Attachment`;
  const { run: download, isBusy: busy } = useSingleFlight(async () => {
    setError(null);
    try {
      const record = await getFile(id);
      const blob = await downloadFileBlob(record);
      saveBlob(blob, sanitizeFileName(record.name, record.ext));
    } catch (cause) {
      setError(isApiError(cause) ? cause.userMessage : t`The file could not be downloaded.`);
    }
  });
  if (file.isError) {
    return (
      <span className="msg-attachment-missing">
        <Trans>Attachment not available</Trans>
      </span>
    );
  }
  return (
    <span className="msg-attachment">
      <Button variant="link" onClick={() => void download()} isBusy={busy} aria-label={t`Download ${name}`}>
        <FileName name={name} max={40} />
      </Button>
      {file.data?.size !== undefined ? (
        <span className="msg-attachment-size"> ({formatBytes(file.data.size)})</span>
      ) : null}
      {error ? (
        <span role="alert" className="field-error">
          {' '}
          {error}
        </span>
      ) : null}
    </span>
  );
}
