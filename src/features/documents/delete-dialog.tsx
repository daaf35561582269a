import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useDeleteFile } from '@/api/files/mutations';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { isApiError } from '@telehealth/client/errors';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/field';
import { FileName, fileTitleOf } from '@/components/upload';

/** Asks before deleting; the dialog closes (and the row goes) only once the server agreed. */
export function DeleteDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const remove = useDeleteFile();
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const title = fileTitleOf(file);

  const confirm = useSingleFlight(async () => {
    setError(null);
    try {
      await remove.mutateAsync(file.id);
      onClose();
    } catch (cause) {
      setError(
        isApiError(cause) && cause.status === 403
          ? t`This document cannot be deleted.`
          : isApiError(cause)
            ? cause.userMessage
            : t`Deleting failed. Please try again.`,
      );
    }
  });

  return (
    <Dialog
      title={t`Delete document?`}
      onClose={confirm.isBusy ? undefined : onClose}
      describedBy={descriptionId}
    >
      <p id={descriptionId}>
        <Trans>
          “<FileName name={title} />” will be removed for good, for you and for your care team.
        </Trans>
      </p>
      <FormError message={error} />
      <div className="dialog-actions">
        {/* The safe choice comes first, so it is where focus lands. */}
        <Button variant="secondary" onClick={onClose} disabled={confirm.isBusy}>
          <Trans>Keep it</Trans>
        </Button>
        <Button
          variant="danger"
          onClick={() => void confirm.run()}
          isBusy={confirm.isBusy}
          busyLabel={t`Deleting…`}
        >
          <Trans>Delete</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
