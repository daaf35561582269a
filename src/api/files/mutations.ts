import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileQueries } from './queries';
import {
  deleteFile,
  renameFile,
  uploadFile,
  type UploadFileOptions,
  type UploadFileRequest,
} from '@telehealth/client/files/requests';

export interface UploadFileVariables {
  input: UploadFileRequest;
  options?: UploadFileOptions;
}

/**
 * POST /files. Several uploads may run at once through one hook; each resolves after the
 * file lists are fresh, so a finished upload is on screen when its row says "Uploaded".
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, options }: UploadFileVariables) => uploadFile(input, options),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: fileQueries.lists() });
    },
  });
}

/** POST /files/{id}: renames by `meta.title` (and the deprecated `name`). */
export function useRenameFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameFile(id, title),
    onSuccess: async (file) => {
      queryClient.removeQueries({ queryKey: fileQueries.detail(file.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: fileQueries.lists() });
    },
  });
}

/** DELETE /files/{id}: the row leaves the list only once the server agreed and the list reloaded. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFile(id),
    onSuccess: async (_done, id) => {
      queryClient.removeQueries({ queryKey: fileQueries.detail(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: fileQueries.lists() });
    },
  });
}
