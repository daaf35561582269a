import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useRenameFile } from '@/api/files/mutations';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { isApiError } from '@telehealth/client/errors';
import { useSubmit } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import { fileTitleOf } from '@/components/upload';

const RenameSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: () => t`Enter a name for this document.` })
    .max(255, { error: () => t`Use at most 255 characters.` }),
});
type RenameForm = z.infer<typeof RenameSchema>;

/** Renames a document by its title (`meta.title`; the deprecated `name` goes along). */
export function RenameDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const rename = useRenameFile();
  const form = useForm<RenameForm>({
    resolver: zodResolver(RenameSchema),
    defaultValues: { title: fileTitleOf(file) },
  });

  const submit = useSubmit({
    form,
    action: async ({ title }) => {
      try {
        await rename.mutateAsync({ id: file.id, title });
      } catch (error) {
        // The server refuses a name in its own words, not as "field: words": they go on the field.
        if (isApiError(error) && error.kind === 'http' && error.status === 400) {
          form.setError('title', { type: 'server', message: error.userMessage });
          return;
        }
        throw error;
      }
      onClose();
    },
    failure: (error) => (isApiError(error) ? error.userMessage : t`Renaming failed. Please try again.`),
  });

  return (
    <Dialog title={t`Rename document`} onClose={submit.isBusy ? undefined : onClose}>
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate>
          <fieldset disabled={submit.isBusy}>
            <TextField<RenameForm>
              name="title"
              label={t`New name`}
              required
              autoComplete="off"
              maxLength={255}
            />
            <FormError message={submit.formError} />
            <div className="dialog-actions">
              <Button type="submit" isBusy={submit.isBusy} busyLabel={t`Saving…`}>
                <Trans>Save name</Trans>
              </Button>
              <Button variant="secondary" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
