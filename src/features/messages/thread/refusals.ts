import { ApiError, isApiError } from '@telehealth/client/errors';

/** What stopped a thread for good (`session` lifts when the same person signs in again). */
export type ThreadBlock = 'closed' | 'forbidden' | 'not-found' | 'session';

/** The refusals no poll or retry can change: 409 closed, 403, 404, and the session's end. */
export function blockFor(error: unknown): ThreadBlock | null {
  if (!isApiError(error)) return null;
  if (error.kind === 'session') return 'session';
  if (error.kind !== 'http') return null;
  if (error.status === 401) return 'session';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not-found';
  if (error.status === 409) return 'closed';
  return null;
}

/** The request was abandoned by this tab (unmount, stop): nothing to show. */
export const isAborted = (error: unknown): boolean => isApiError(error) && error.kind === 'aborted';

export const toApiError = (error: unknown): ApiError =>
  isApiError(error) ? error : new ApiError({ kind: 'network', cause: error });
