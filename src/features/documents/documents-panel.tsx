import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUploadFile } from '@/api/files/mutations';
import { fileQueries } from '@/api/files/queries';
import type { FileFilter, FileRecord } from '@telehealth/client/files/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryState } from '@/components/feedback/query-state';
import { EmptyState } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { DOCUMENT_ACCEPT, FileUploader, UPLOAD_MAX_BYTES, type UploadContext } from '@/components/upload';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { DeleteDialog } from './delete-dialog';
import { DocumentRow } from './document-row';
import { RenameDialog } from './rename-dialog';

/** Rows per page: long lists stay quick to render and to read. */
export const DOCUMENTS_PAGE_SIZE = 25;

/** The list a documents page shows: a patient's documents, including what others shared there. */
export function documentsFilter(patientId: string): FileFilter {
  return { target_id: patientId, target_type: 'user', category_type: 'user_document', include_shared: true };
}

export interface DocumentsPanelProps {
  /** The patient whose record this is. */
  patientId: string;
  /** The signed-in user's id. */
  viewerId: string;
  /** Heading level text of the list, e.g. "Your documents". */
  heading: string;
}

/**
 * A patient's documents with upload, open, download, rename and delete. The same panel serves
 * the patient's own page and the provider's record of a patient; uploads by anyone but the
 * patient name the patient as their target, as the spec requires.
 */
export function DocumentsPanel({ patientId, viewerId, heading }: DocumentsPanelProps) {
  const filter = useMemo(() => documentsFilter(patientId), [patientId]);
  const list = useQuery(fileQueries.list(filter));
  const zone = useViewerTimeZone();
  const uploadMutation = useUploadFile();
  const { mutateAsync } = uploadMutation;
  const [renaming, setRenaming] = useState<FileRecord | null>(null);
  const [deleting, setDeleting] = useState<FileRecord | null>(null);
  const [params, setParams] = useSearchParams();
  const forSomeoneElse = patientId !== viewerId;

  const upload = useCallback(
    (file: File, context: UploadContext) =>
      mutateAsync({
        input: {
          file,
          category: 'user_document',
          ...(forSomeoneElse ? { targetId: patientId, targetType: 'user' as const } : {}),
        },
        options: context,
      }),
    [mutateAsync, forSomeoneElse, patientId],
  );

  const files = list.data ?? [];
  const total = files.length;
  const pageCount = Math.max(1, Math.ceil(files.length / DOCUMENTS_PAGE_SIZE));
  const requested = Number(params.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, pageCount) : 1;
  const visible = files.slice((page - 1) * DOCUMENTS_PAGE_SIZE, page * DOCUMENTS_PAGE_SIZE);
  const goTo = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { replace: false },
    );

  return (
    <div className="documents">
      <FileUploader
        label={forSomeoneElse ? t`Add documents to this patient’s record` : t`Add documents`}
        accept={DOCUMENT_ACCEPT}
        maxBytes={UPLOAD_MAX_BYTES}
        upload={upload}
      />

      <h2>{heading}</h2>
      <QueryState query={list} label={t`Loading documents…`} errorTitle={t`We could not load the documents`}>
        {(data) => (
          <>
            <DroppedRowsNotice list={data} />
            {data.length === 0 ? (
              <EmptyState title={t`No documents yet`}>
                <p>
                  <Trans>Documents you add, and documents your care team shares with you, show here.</Trans>
                </p>
              </EmptyState>
            ) : null}
            {visible.length > 0 ? (
              <ul className="doc-list" aria-label={heading}>
                {visible.map((file) => (
                  <DocumentRow
                    key={file.id}
                    file={file}
                    zone={zone}
                    viewerId={viewerId}
                    onRename={setRenaming}
                    onDelete={setDeleting}
                  />
                ))}
              </ul>
            ) : null}
            {pageCount > 1 ? (
              <nav className="doc-pager" aria-label={t`Document pages`}>
                <Button variant="secondary" onClick={() => goTo(page - 1)} disabled={page <= 1}>
                  <Trans>Previous page</Trans>
                </Button>
                <span aria-live="polite">
                  {t`Page ${page} of ${pageCount} (${plural(total, { one: '# document', other: '# documents' })})`}
                </span>
                <Button variant="secondary" onClick={() => goTo(page + 1)} disabled={page >= pageCount}>
                  <Trans>Next page</Trans>
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </QueryState>

      {renaming ? <RenameDialog file={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? <DeleteDialog file={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
