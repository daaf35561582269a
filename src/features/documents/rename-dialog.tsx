import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useRenameFile } from '@/api/files/mutations';
import type { FileRecord } from '@/api/files/schemas';
import { isApiError } from '@/api/errors';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import { fileTitleOf } from '@/components/upload';

const RenameSchema = z.object({
  title: z.string().trim().min(1, 'Enter a name for this document.').max(255, 'Use at most 255 characters.'),
});
type RenameForm = z.infer<typeof RenameSchema>;

/** Renames a document by its title (`meta.title`; the deprecated `name` goes along). */
export function RenameDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const rename = useRenameFile();
  const sending = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RenameForm>({
    resolver: zodResolver(RenameSchema),
    defaultValues: { title: fileTitleOf(file) },
  });

  const save = async ({ title }: RenameForm) => {
    if (sending.current) return;
    sending.current = true;
    setFormError(null);
    try {
      await rename.mutateAsync({ id: file.id, title });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status === 400) {
        form.setError('title', { message: error.userMessage });
      } else {
        setFormError(isApiError(error) ? error.userMessage : 'Renaming failed. Please try again.');
      }
    } finally {
      sending.current = false;
    }
  };

  return (
    <Dialog title="Rename document" onClose={rename.isPending ? undefined : onClose}>
      <FormProvider {...form}>
        <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
          <fieldset disabled={rename.isPending}>
            <TextField<RenameForm>
              name="title"
              label="New name"
              required
              autoComplete="off"
              maxLength={255}
            />
            <FormError message={formError} />
            <div className="dialog-actions">
              <Button type="submit" isBusy={rename.isPending} busyLabel="Saving…">
                Save name
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
