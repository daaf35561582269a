import { useId, useRef, useState } from 'react';
import { useDeleteFile } from '@/api/files/mutations';
import type { FileRecord } from '@/api/files/schemas';
import { isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/field';
import { FileName, fileTitleOf } from '@/components/upload';

/** Asks before deleting; the dialog closes (and the row goes) only once the server agreed. */
export function DeleteDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const remove = useDeleteFile();
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();

  const confirm = async () => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    try {
      await remove.mutateAsync(file.id);
      onClose();
    } catch (cause) {
      setError(
        isApiError(cause) && cause.status === 403
          ? 'This document cannot be deleted.'
          : isApiError(cause)
            ? cause.userMessage
            : 'Deleting failed. Please try again.',
      );
    } finally {
      sending.current = false;
    }
  };

  return (
    <Dialog
      title="Delete document?"
      onClose={remove.isPending ? undefined : onClose}
      describedBy={descriptionId}
    >
      <p id={descriptionId}>
        “<FileName name={fileTitleOf(file)} />” will be removed for good, for you and for your care team.
      </p>
      <FormError message={error} />
      <div className="dialog-actions">
        {/* The safe choice comes first, so it is where focus lands. */}
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Keep it
        </Button>
        <Button
          variant="danger"
          onClick={() => void confirm()}
          isBusy={remove.isPending}
          busyLabel="Deleting…"
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
