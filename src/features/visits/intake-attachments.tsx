import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { fileQueries } from '@/api/files/queries';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { fileActionMessage, fileTitleOf, openFileInNewTab } from '@/components/upload';

const IMAGE_EXTS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const isImage = (file: Pick<FileRecord, 'ext' | 'name'>) =>
  IMAGE_EXTS.has((file.ext ?? file.name.split('.').pop() ?? '').toLowerCase());

/**
 * The photos and documents attached during the intake (`intake_attachment` files on the visit),
 * as thumbnails that open the file. Shown on the patient's visit page and the provider's.
 */
export function IntakeAttachments({ visitId }: { visitId: string }) {
  const headingId = useId();
  const files = useQuery(
    fileQueries.list({ target_id: visitId, target_type: 'visit', category_type: 'intake_attachment' }),
  );
  const [openError, setOpenError] = useState<string | null>(null);
  if (files.isPending || (files.data && files.data.length === 0)) return null;
  const open = async (file: FileRecord) => {
    setOpenError(null);
    try {
      // The bytes are read at the click through the API; the time-limited link never sits in the
      // page. A type a tab cannot show safely (a Word document) is saved instead.
      await openFileInNewTab(file);
    } catch (error) {
      setOpenError(fileActionMessage(error));
    }
  };
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Photos and documents</Trans>
      </h2>
      <QueryError query={files} title={t`We couldn’t load the attachments`} />
      {openError ? <p role="alert">{openError}</p> : null}
      <ul className="attachment-grid">
        {(files.data ?? []).map((file) => (
          <li key={file.id}>
            <button type="button" className="attachment-thumb" onClick={() => void open(file)}>
              <AttachmentPicture file={file} />
              <span>
                <bdi>{fileTitleOf(file)}</bdi>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AttachmentPicture({ file }: { file: FileRecord }) {
  const canShow = isImage(file) && typeof URL.createObjectURL === 'function';
  const thumb = useQuery({ ...fileQueries.thumbnail(file, '160x160'), enabled: canShow });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!thumb.data) return;
    const url = URL.createObjectURL(thumb.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [thumb.data]);
  // Decorative: the button around it is named by the file's title.
  if (src) return <img src={src} alt="" width={120} height={120} />;
  return (
    <span className="attachment-type" aria-hidden="true">
      {(file.ext ?? 'file').slice(0, 5).toUpperCase()}
    </span>
  );
}
