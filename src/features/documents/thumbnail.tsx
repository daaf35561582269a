import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fileQueries } from '@/api/files/queries';
import type { FileRecord } from '@telehealth/client/files/schemas';

const IMAGE_EXTS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const SIZE = '96x96';

export const isImageFile = (file: Pick<FileRecord, 'ext' | 'name'>): boolean =>
  IMAGE_EXTS.has((file.ext ?? file.name.split('.').pop() ?? '').toLowerCase());

/** A small picture of an image file, or its type in letters for other files. Decorative. */
export function Thumbnail({ file }: { file: FileRecord }) {
  const isImage = isImageFile(file);
  const canShow = isImage && typeof URL.createObjectURL === 'function';
  const thumb = useQuery({ ...fileQueries.thumbnail(file, SIZE), enabled: canShow });
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!thumb.data) return;
    const url = URL.createObjectURL(thumb.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [thumb.data]);

  if (canShow && src) return <img className="doc-thumb" src={src} alt="" width={64} height={64} />;
  const label =
    (file.ext ?? '')
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 5)
      .toUpperCase() ||
    t({ message: 'FILE', context: 'thumbnail of a file of unknown type: one short word in capitals' });
  return (
    <span className="doc-thumb" aria-hidden="true">
      {label}
    </span>
  );
}
