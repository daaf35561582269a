import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { isApiError } from '@/api/errors';
import type { UploadProgress } from '@/api/upload';
import { Button } from '../ui/button';
import { FileName } from './file-name';
import {
  DOCUMENT_ACCEPT,
  UPLOAD_MAX_BYTES,
  acceptAttribute,
  checkFile,
  describeAccept,
  formatBytes,
  type AcceptMap,
} from './file-rules';

/** What the uploader hands to `upload` for each file. */
export interface UploadContext {
  /** Report bytes sent; drives this file's progress bar. */
  onProgress: (progress: UploadProgress) => void;
  /** Aborted when the user presses Cancel or the uploader unmounts. */
  signal: AbortSignal;
}

/** Counts the parent may watch, e.g. to hold a Send button while files are still uploading. */
export interface UploadSummary {
  uploading: number;
  failed: number;
  done: number;
}

export interface FileUploaderProps<T> {
  /** Visible label of the file picker, e.g. "Add documents". */
  label: string;
  /** Extra help under the label; the accepted types and size limit are always shown. */
  hint?: string;
  /** Accepted types (MIME -> extensions); both are checked. Default: DOCUMENT_ACCEPT. */
  accept?: AcceptMap;
  /** Largest file in bytes. Default: UPLOAD_MAX_BYTES (25 MB). */
  maxBytes?: number;
  /** Several files at once (default true). */
  multiple?: boolean;
  disabled?: boolean;
  /**
   * Sends one file. Pass the File itself on (e.g. to `uploadFile`); never read it into memory.
   * Reject to show a failure with Retry; an aborted signal shows "Cancelled" with Retry.
   */
  upload: (file: File, context: UploadContext) => Promise<T>;
  /** Called once per file when its upload succeeded. */
  onUploaded?: (result: T, file: File) => void;
  /** Called when the user removes an uploaded file from this list (e.g. a message attachment). */
  onRemove?: (result: T, file: File) => void;
  /** Called whenever the counts change. */
  onSummaryChange?: (summary: UploadSummary) => void;
}

type ItemStatus = 'refused' | 'uploading' | 'done' | 'failed' | 'cancelled';

interface Item<T> {
  key: number;
  file: File;
  status: ItemStatus;
  /** 0..100 */
  percent: number;
  message: string | null;
  result?: T;
}

function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return 'The upload was interrupted. Check your connection and retry.';
    if (error.kind === 'http' && error.status === 413)
      return 'The clinic refused this file because it is too large.';
    if (error.kind === 'http' && error.status === 415) return 'The clinic does not accept this type of file.';
    return error.userMessage;
  }
  return 'The upload failed. Please retry.';
}

/**
 * Upload one or more files by picker or drag and drop, each with its own progress bar, Cancel
 * and Retry. Empty files, files over `maxBytes` and types outside `accept` are refused before
 * anything is sent. Pure UI: what "upload" means is the caller's `upload` function.
 */
export function FileUploader<T>({
  label,
  hint,
  accept = DOCUMENT_ACCEPT,
  maxBytes = UPLOAD_MAX_BYTES,
  multiple = true,
  disabled = false,
  upload,
  onUploaded,
  onRemove,
  onSummaryChange,
}: FileUploaderProps<T>) {
  const inputId = useId();
  const hintId = useId();
  const [items, setItems] = useState<Item<T>[]>([]);
  const [isDragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  const mounted = useRef(true);
  const inputRef = useRef<HTMLInputElement>(null);

  // The latest callbacks, so an upload that finishes after a re-render reports to the current ones.
  const callbacks = useRef({ upload, onUploaded, onRemove });
  useEffect(() => {
    callbacks.current = { upload, onUploaded, onRemove };
  });

  useEffect(() => {
    mounted.current = true;
    const running = controllers.current;
    return () => {
      mounted.current = false;
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  useEffect(() => {
    onSummaryChange?.({
      uploading: items.filter((i) => i.status === 'uploading').length,
      failed: items.filter((i) => i.status === 'failed' || i.status === 'cancelled').length,
      done: items.filter((i) => i.status === 'done').length,
    });
  }, [items, onSummaryChange]);

  const patch = useCallback((key: number, change: Partial<Item<T>>) => {
    if (!mounted.current) return;
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (key: number, file: File) => {
      if (controllers.current.has(key)) return; // already running: a second click does nothing
      const controller = new AbortController();
      controllers.current.set(key, controller);
      patch(key, { status: 'uploading', percent: 0, message: null });
      callbacks.current
        .upload(file, {
          signal: controller.signal,
          onProgress: (p) => patch(key, { percent: Math.min(100, Math.round(p.fraction * 100)) }),
        })
        .then(
          (result) => {
            controllers.current.delete(key);
            if (controller.signal.aborted || !mounted.current) return;
            patch(key, { status: 'done', percent: 100, result });
            setAnnouncement(`${file.name} uploaded.`);
            callbacks.current.onUploaded?.(result, file);
          },
          (error: unknown) => {
            controllers.current.delete(key);
            if (!mounted.current) return;
            if (controller.signal.aborted) {
              patch(key, { status: 'cancelled', message: 'Upload cancelled.' });
              setAnnouncement(`Upload of ${file.name} cancelled.`);
              return;
            }
            const message = failureMessage(error);
            patch(key, { status: 'failed', message });
            setAnnouncement(`Upload of ${file.name} failed. ${message}`);
          },
        );
    },
    [patch],
  );

  const addFiles = (list: FileList | File[]) => {
    const chosen = Array.from(list);
    const files = multiple ? chosen : chosen.slice(0, 1);
    if (files.length === 0) return;
    const added: Item<T>[] = files.map((file) => {
      const refusal = checkFile(file, { accept, maxBytes });
      return {
        key: nextKey.current++,
        file,
        status: refusal ? 'refused' : 'uploading',
        percent: 0,
        message: refusal?.message ?? null,
      };
    });
    setItems((current) => [...current, ...added]);
    const refused = added.filter((i) => i.status === 'refused').length;
    if (refused)
      setAnnouncement(
        `${refused} of ${added.length} ${added.length === 1 ? 'file was' : 'files were'} not accepted.`,
      );
    for (const item of added) if (item.status !== 'refused') start(item.key, item.file);
  };

  const cancel = (key: number) => controllers.current.get(key)?.abort();

  const dismiss = (item: Item<T>) => {
    setItems((current) => current.filter((i) => i.key !== item.key));
    if (item.status === 'done' && item.result !== undefined)
      callbacks.current.onRemove?.(item.result, item.file);
    inputRef.current?.focus();
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    addFiles(event.dataTransfer.files);
  };

  return (
    <div className="uploader">
      <div
        className={['upload-drop', isDragging ? 'is-dragging' : null].filter(Boolean).join(' ')}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-drop-zone"
      >
        <label htmlFor={inputId} className="upload-label">
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple={multiple}
          accept={acceptAttribute(accept)}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            // Cleared so choosing the same file again (after a failure) fires a change.
            event.target.value = '';
          }}
        />
        <p id={hintId} className="field-hint">
          {hint ? `${hint} ` : ''}
          {multiple ? 'Choose files or drop them here. ' : 'Choose a file or drop it here. '}
          Accepted: {describeAccept(accept)}; up to {formatBytes(maxBytes)} each.
        </p>
      </div>

      {items.length > 0 ? (
        <ul className="upload-list" aria-label="Files being uploaded">
          {items.map((item) => (
            <li key={item.key} className={`upload-item upload-${item.status}`}>
              <div className="upload-item-head">
                <FileName name={item.file.name} />
                <span className="upload-size">{formatBytes(item.file.size)}</span>
              </div>
              {item.status === 'uploading' || item.status === 'done' ? (
                <progress
                  className="upload-progress"
                  max={100}
                  value={item.percent}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.percent}
                  aria-label={`Upload progress of ${item.file.name}`}
                />
              ) : null}
              <p
                className={
                  item.status === 'refused' || item.status === 'failed' ? 'field-error' : 'upload-status'
                }
              >
                {item.status === 'uploading' ? `Uploading… ${item.percent}%` : null}
                {item.status === 'done' ? 'Uploaded' : null}
                {item.status === 'refused' ? `Not sent. ${item.message ?? ''}` : null}
                {item.status === 'failed' || item.status === 'cancelled' ? item.message : null}
              </p>
              <div className="upload-actions">
                {item.status === 'uploading' ? (
                  <Button
                    variant="secondary"
                    onClick={() => cancel(item.key)}
                    aria-label={`Cancel upload of ${item.file.name}`}
                  >
                    Cancel
                  </Button>
                ) : null}
                {item.status === 'failed' || item.status === 'cancelled' ? (
                  <Button
                    variant="secondary"
                    onClick={() => start(item.key, item.file)}
                    aria-label={`Retry upload of ${item.file.name}`}
                  >
                    Retry
                  </Button>
                ) : null}
                {item.status !== 'uploading' ? (
                  <Button
                    variant="link"
                    onClick={() => dismiss(item)}
                    aria-label={`Remove ${item.file.name} from this list`}
                  >
                    {item.status === 'done' && onRemove ? 'Remove' : 'Dismiss'}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
