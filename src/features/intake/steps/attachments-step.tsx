import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { uploadFile } from '@telehealth/client/files/requests';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { Button } from '@/components/ui/button';
import {
  FileName,
  FileUploader,
  formatBytes,
  type UploadContext,
  type UploadSummary,
} from '@/components/upload';
import { CUSTOM_FIELDS, StepFailure, StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

interface AttachedFile {
  id: string;
  name: string;
  size: number | null;
}

interface AttachmentValues {
  files: AttachedFile[];
}

/**
 * `attachments`: photos and documents for the clinician, uploaded as `intake_attachment` files with
 * progress and cancel, and listed on the intake through the `attachment_ids` custom field.
 */
export function AttachmentsStep({ slug, intake, visitKind, submitLabel, backHref, save }: StepScreenProps) {
  const defaultValues = useDraftDefaults<AttachmentValues>(slug, () => ({
    files: (intake?.attachments ?? []).map((a) => ({
      id: a._id,
      name: a.name ?? t({ message: 'file', context: 'an attached file without a name' }),
      size: a.size ?? null,
    })),
  }));
  const form = useForm<AttachmentValues>({ defaultValues });
  const files = useWatch({ control: form.control, name: 'files' });
  // Files uploaded on this visit to the step show in the uploader's own list, not under "Already attached".
  const [uploadedHere, setUploadedHere] = useState<ReadonlySet<string>>(() => new Set());
  const summary = useRef<UploadSummary>({ uploading: 0, failed: 0, done: 0 });

  const upload = useCallback(
    (file: File, { onProgress, signal }: UploadContext) =>
      // Until the visit exists, an intake attachment targets the intake (sent as a visit target, as the files API takes it).
      uploadFile(
        {
          file,
          category: 'intake_attachment',
          ...(intake ? { targetId: intake.id, targetType: 'visit' as const } : {}),
        },
        { onProgress, signal },
      ),
    [intake],
  );
  const add = (record: FileRecord) => {
    setUploadedHere((current) => new Set(current).add(record.id));
    form.setValue('files', [
      ...form.getValues('files'),
      { id: record.id, name: record.name, size: record.size ?? null },
    ]);
  };
  const remove = (id: string) => {
    form.setValue(
      'files',
      form.getValues('files').filter((f) => f.id !== id),
    );
  };
  const onSummaryChange = useCallback((next: UploadSummary) => {
    summary.current = next;
  }, []);

  const earlier = files.filter((f) => !uploadedHere.has(f.id));
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={async (values) => {
        if (summary.current.uploading > 0)
          throw new StepFailure(t`Some files are still uploading. Wait until they finish.`);
        await save({
          custom: { [CUSTOM_FIELDS.attachmentIds]: values.files.map((f) => f.id).join(',') },
        });
      }}
    >
      <p>
        {visitKind === 'econsult'
          ? t`Clear, well-lit photos help the clinician answer you. This step is optional.`
          : t`Add photos or documents your clinician should see. This step is optional.`}
      </p>
      {earlier.length > 0 ? (
        <section aria-labelledby={`${slug}-attached`}>
          <h2 id={`${slug}-attached`}>
            <Trans>Already attached</Trans>
          </h2>
          <ul className="attached-list">
            {earlier.map((f) => {
              const name = f.name;
              return (
                <li key={f.id}>
                  <FileName name={f.name} /> <span className="upload-size">{formatBytes(f.size)}</span>{' '}
                  <Button variant="link" onClick={() => remove(f.id)} aria-label={t`Remove ${name}`}>
                    <Trans context="button: takes a file off the list">Remove</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <FileUploader<FileRecord>
        label={t`Add photos or documents`}
        upload={upload}
        onUploaded={add}
        onRemove={(record) => remove(record.id)}
        onSummaryChange={onSummaryChange}
      />
    </StepFrame>
  );
}
