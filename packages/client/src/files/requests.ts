import { z } from 'zod';
import { apiBlob, apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import { isApiError } from '../errors.ts';
import { uploadMultipart, type UploadProgress } from '../upload.ts';
import {
  FileRecordSchema,
  type FileCategory,
  type FileFilter,
  type FileRecord,
  type FileTargetType,
} from './schemas.ts';

export type { UploadProgress };

/** What `uploadFile` sends: the bytes plus the spec's `meta.*` fields (spec 4.7). */
export interface UploadFileRequest {
  file: File | Blob;
  /** Name sent with the bytes; defaults to the File's own name (or `file` for a bare Blob). */
  fileName?: string;
  category: FileCategory;
  title?: string;
  description?: string;
  /**
   * The user or visit the file belongs to. The spec requires it whenever the upload is for
   * someone else (a provider or clinic admin uploading for a patient).
   */
  targetId?: string;
  targetType?: FileTargetType;
}

export interface UploadFileOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /**
   * `user` (default): the signed-in user's token. `admin`: the clinic admin API token, for
   * uploads on behalf of a patient (spec section 5 rule 5); a target is then required.
   */
  auth?: 'user' | 'admin';
}

/**
 * POST /files (multipart): streams the File/Blob itself through XMLHttpRequest, so the bytes are
 * never read into memory by our code, with progress and cancel.
 */
export function uploadFile(input: UploadFileRequest, options: UploadFileOptions = {}): Promise<FileRecord> {
  const auth = options.auth ?? 'user';
  if ((auth === 'admin' || input.targetId) && !(input.targetId && input.targetType)) {
    // Fail before sending: the server would refuse an on-behalf upload without a complete target.
    return Promise.reject(new Error('An upload for someone else needs targetId and targetType'));
  }
  const form = new FormData();
  const name = input.fileName ?? (input.file instanceof File ? input.file.name : 'file');
  form.set('file', input.file, name);
  if (input.title?.trim()) form.set('meta.title', input.title.trim());
  if (input.description?.trim()) form.set('meta.description', input.description.trim());
  if (input.targetId && input.targetType) {
    form.set('meta.target.id', input.targetId);
    form.set('meta.target.type', input.targetType);
  }
  form.set('meta.category', input.category);
  return uploadMultipart({
    path: '/files',
    auth,
    form,
    schema: FileRecordSchema,
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

/** GET /files: files filtered by target, category and `include_shared`. */
export function listFiles(
  filter: FileFilter,
  options: CallOptions & { auth?: 'user' | 'admin' } = {},
): Promise<FileRecord[]> {
  return apiJson({
    path: '/files',
    auth: options.auth ?? 'user',
    query: {
      target_id: filter.target_id,
      target_type: filter.target_type,
      category_type: filter.category_type,
      include_shared: filter.include_shared === undefined ? undefined : filter.include_shared ? 1 : 0,
    },
    schema: tolerantList(FileRecordSchema, 'files'),
    signal: options.signal,
  });
}

/** GET /files/{id}: the record with a fresh, time-limited `fullpath`. */
export function getFile(id: string, options: CallOptions = {}): Promise<FileRecord> {
  return apiJson({
    path: `/files/${encodeURIComponent(id)}`,
    auth: 'user',
    schema: FileRecordSchema,
    signal: options.signal,
  });
}

/**
 * POST /files/{id} (form-urlencoded). The spec says only the name can be modified and that
 * `name` is deprecated in favour of `meta.title`, so both carry the new title.
 */
export function renameFile(id: string, title: string, options: CallOptions = {}): Promise<FileRecord> {
  const value = title.trim();
  return apiJson({
    method: 'POST',
    path: `/files/${encodeURIComponent(id)}`,
    auth: 'user',
    body: { form: { 'meta.title': value, name: value } },
    schema: FileRecordSchema,
    signal: options.signal,
  });
}

/** DELETE /files/{id}: answers `{data: true}`; only files with `is_deletable` may go. */
export function deleteFile(id: string, options: CallOptions = {}): Promise<boolean> {
  return apiJson({
    method: 'DELETE',
    path: `/files/${encodeURIComponent(id)}`,
    auth: 'user',
    schema: z.literal(true),
    signal: options.signal,
  });
}

/** The `auth_code` and `time` of a record's `fullpath`, or null when it carries none. */
export function viewCredentials(
  file: Pick<FileRecord, 'fullpath'>,
): { authCode: string; time: string } | null {
  if (!file.fullpath) return null;
  let url: URL;
  try {
    url = new URL(file.fullpath, 'http://invalid.local/');
  } catch {
    return null;
  }
  const authCode = url.searchParams.get('auth_code');
  const time = url.searchParams.get('time');
  return authCode && time ? { authCode, time } : null;
}

/** A view link refused because its `auth_code`/`time` expired or no longer match. */
export const isExpiredLinkError = (error: unknown): boolean =>
  isApiError(error) && error.kind === 'http' && (error.status === 403 || error.status === 410);

export interface DownloadOptions extends CallOptions {
  /** `WxH`: a resized image (thumbnails). */
  size?: string;
}

function fetchView(
  id: string,
  credentials: { authCode: string; time: string },
  options: DownloadOptions,
): Promise<Blob> {
  return apiBlob({
    path: `/files/view/${encodeURIComponent(id)}`,
    // The auth_code + time make the link self-authorising; the user token goes along too, so a
    // server that also wants it is satisfied. Only the API base is ever called, whatever host
    // `fullpath` names, and the original file name never enters the URL (RELIABILITY case 24).
    auth: 'user',
    query: { auth_code: credentials.authCode, time: credentials.time, size: options.size },
    signal: options.signal,
    headers: { Accept: '*/*' },
  });
}

/**
 * GET /files/view/{id}: the bytes, using the `auth_code`/`time` of the record's `fullpath`.
 * Those expire (spec section 8), so a link refused with 403/410, or a record without one,
 * is answered by reading the record again once (GET /files/{id}); a second refusal is final.
 * Links are never stored: pass the record you have and this keeps the refresh inside.
 */
export async function downloadFileBlob(
  file: Pick<FileRecord, 'id' | 'fullpath'>,
  options: DownloadOptions = {},
): Promise<Blob> {
  const first = viewCredentials(file);
  if (first) {
    try {
      return await fetchView(file.id, first, options);
    } catch (error) {
      if (!isExpiredLinkError(error)) throw error;
    }
  }
  const fresh = await getFile(file.id, { signal: options.signal });
  const credentials = viewCredentials(fresh);
  if (!credentials) throw new Error('The clinic did not send a download link for this file');
  return fetchView(file.id, credentials, options);
}
