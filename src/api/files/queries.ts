import { queryOptions } from '@tanstack/react-query';
import { downloadFileBlob, getFile, listFiles } from '@telehealth/client/files/requests';
import type { FileFilter, FileRecord } from '@telehealth/client/files/schemas';

/**
 * File lists and details. A record's `fullpath` is time-limited, so screens that open a file
 * read it fresh on click (`fetchQuery` with staleTime 0) instead of trusting the cached one.
 */
export const fileQueries = {
  all: () => ['files'] as const,
  lists: () => [...fileQueries.all(), 'list'] as const,
  list: (filter: FileFilter) =>
    queryOptions({
      queryKey: [...fileQueries.lists(), filter],
      queryFn: ({ signal }) => listFiles(filter, { signal }),
    }),
  details: () => [...fileQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...fileQueries.details(), id],
      queryFn: ({ signal }) => getFile(id, { signal }),
      staleTime: 0,
      gcTime: 0,
    }),
  /**
   * A resized image (`size` = `WxH`) as bytes, fetched with the record's link (refreshed once
   * if it expired). Bytes rather than a URL, so no `auth_code` ever sits in the DOM.
   */
  thumbnail: (file: Pick<FileRecord, 'id' | 'fullpath'>, size: string) =>
    // Keyed by id, not by the link: the link's auth_code changes on every read, the bytes do not.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: [...fileQueries.all(), 'thumbnail', file.id, size],
      queryFn: ({ signal }) => downloadFileBlob(file, { size, signal }),
      staleTime: Infinity,
      retry: false,
    }),
};
