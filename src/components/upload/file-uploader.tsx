import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { isApiError } from '@telehealth/client/errors';
import type { UploadProgress } from '@telehealth/client/upload';
import { isHeifFile, mayPreparePhoto, preparePhoto, type PreparedPhoto } from '@/lib/photos';
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
  /**
   * Gets each chosen photo ready before it is sent: HEIC/HEIF converted to JPEG, large photos made
   * smaller, location and other metadata removed (lib/photos), with a note saying what was done.
   * Default: `preparePhoto` with its standard limits. `null` sends every file exactly as chosen.
   * Only files that may be photos wait for it; documents start at once.
   */
  prepare?: ((file: File, signal: AbortSignal) => Promise<PreparedPhoto>) | null;
  /** Largest file actually sent, once a photo is prepared (`maxBytes` applies to the chosen file). Default: maxBytes. */
  maxSentBytes?: number;
  /** Several files at once (default true). */
  multiple?: boolean;
  disabled?: boolean;
  /**
   * Sends one file. Pass the File itself on (e.g. to `uploadFile`); never read it into memory.
   * Reject to show a failure with Retry; an aborted signal shows "Cancelled" with Retry.
   */
  upload: (file: File, context: UploadContext) => Promise<T>;
  /** Called once per file when its upload succeeded, with the file sent (a prepared photo is a new file). */
  onUploaded?: (result: T, file: File) => void;
  /** Called when the user removes an uploaded file from this list (e.g. a message attachment). */
  onRemove?: (result: T, file: File) => void;
  /** Called whenever the counts change. */
  onSummaryChange?: (summary: UploadSummary) => void;
}

type ItemStatus = 'refused' | 'preparing' | 'uploading' | 'done' | 'failed' | 'cancelled';

interface Item<T> {
  key: number;
  /** The file as chosen: its name is the one shown. */
  file: File;
  /** What is sent, once prepared (a photo may be a new JPEG); a retry sends it again. */
  sent?: File;
  /** What preparing did, in the patient's words. */
  note?: string | null;
  status: ItemStatus;
  /** 0..100 */
  percent: number;
  message: string | null;
  result?: T;
}

function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return t`The upload was interrupted. Check your connection and retry.`;
    if (error.kind === 'http' && error.status === 413)
      return t`The clinic refused this file because it is too large.`;
    if (error.kind === 'http' && error.status === 415)
      return t`The clinic does not accept this type of file.`;
    return error.userMessage;
  }
  return t`The upload failed. Please retry.`;
}

const defaultPrepare = (file: File, signal: AbortSignal) => preparePhoto(file, { signal });

/**
 * Upload one or more files by picker or drag and drop, each with its own progress bar, Cancel
 * and Retry. Empty files, files over `maxBytes` and types outside `accept` are refused before
 * anything is sent (judged on the file as chosen). Photos are then prepared (`prepare`) and the
 * row says what was done. Pure UI: what "upload" means is the caller's `upload` function.
 */
export function FileUploader<T>({
  label,
  hint,
  accept = DOCUMENT_ACCEPT,
  maxBytes = UPLOAD_MAX_BYTES,
  multiple = true,
  disabled = false,
  prepare = defaultPrepare,
  maxSentBytes = maxBytes,
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
  const callbacks = useRef({ upload, onUploaded, onRemove, prepare, maxSentBytes });
  useEffect(() => {
    callbacks.current = { upload, onUploaded, onRemove, prepare, maxSentBytes };
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
      uploading: items.filter((i) => i.status === 'uploading' || i.status === 'preparing').length,
      failed: items.filter((i) => i.status === 'failed' || i.status === 'cancelled').length,
      done: items.filter((i) => i.status === 'done').length,
    });
  }, [items, onSummaryChange]);

  const patch = useCallback((key: number, change: Partial<Item<T>>) => {
    if (!mounted.current) return;
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** Sends `file` (prepared or as chosen); `name` and `note` are the chosen file's, for the announcement. */
  const start = useCallback(
    (key: number, file: File, { name, note }: { name: string; note: string | null }) => {
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
            setAnnouncement(note ? t`${name} uploaded. ${note}` : t`${name} uploaded.`);
            callbacks.current.onUploaded?.(result, file);
          },
          (error: unknown) => {
            controllers.current.delete(key);
            if (!mounted.current) return;
            if (controller.signal.aborted) {
              patch(key, { status: 'cancelled', message: t`Upload cancelled.` });
              setAnnouncement(t`Upload of ${name} cancelled.`);
              return;
            }
            const message = failureMessage(error);
            patch(key, { status: 'failed', message });
            setAnnouncement(t`Upload of ${name} failed. ${message}`);
          },
        );
    },
    [patch],
  );

  /** Prepares a chosen photo (lib/photos), then sends it; anything else is sent at once. */
  const begin = useCallback(
    (key: number, file: File) => {
      const prepareFile = callbacks.current.prepare;
      if (!prepareFile || !mayPreparePhoto(file)) {
        start(key, file, { name: file.name, note: null });
        return;
      }
      if (controllers.current.has(key)) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      patch(key, { status: 'preparing', percent: 0, message: null });
      const cancelled = () => {
        const name = file.name;
        patch(key, { status: 'cancelled', message: t`Upload cancelled.` });
        setAnnouncement(t`Upload of ${name} cancelled.`);
      };
      prepareFile(file, controller.signal).then(
        ({ file: sent, note }) => {
          controllers.current.delete(key);
          if (!mounted.current) return;
          if (controller.signal.aborted) return cancelled();
          const limit = callbacks.current.maxSentBytes;
          if (sent.size > limit) {
            const size = formatBytes(sent.size);
            const most = formatBytes(limit);
            const name = file.name;
            patch(key, {
              status: 'refused',
              sent,
              note,
              message: t`This photo is ${size} even after preparing it; files can be at most ${most}.`,
            });
            setAnnouncement(t`${name} was not accepted.`);
            return;
          }
          patch(key, { sent, note });
          start(key, sent, { name: file.name, note });
        },
        () => {
          controllers.current.delete(key);
          if (!mounted.current) return;
          if (controller.signal.aborted) return cancelled();
          // preparePhoto falls back to the chosen file itself; a custom one that fails does the same.
          start(key, file, { name: file.name, note: null });
        },
      );
    },
    [patch, start],
  );

  const retry = (item: Item<T>) =>
    item.sent
      ? start(item.key, item.sent, { name: item.file.name, note: item.note ?? null })
      : begin(item.key, item.file);

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
    const total = added.length;
    if (refused)
      setAnnouncement(
        t`${plural(total, { one: `${refused} of # file was not accepted.`, other: `${refused} of # files were not accepted.` })}`,
      );
    for (const item of added) if (item.status !== 'refused') begin(item.key, item.file);
  };

  const cancel = (key: number) => controllers.current.get(key)?.abort();

  const dismiss = (item: Item<T>) => {
    setItems((current) => current.filter((i) => i.key !== item.key));
    if (item.status === 'done' && item.result !== undefined)
      callbacks.current.onRemove?.(item.result, item.sent ?? item.file);
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

  const types = describeAccept(accept);
  const maxSize = formatBytes(maxBytes);
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
          {multiple ? (
            <Trans>Choose files or drop them here.</Trans>
          ) : (
            <Trans>Choose a file or drop it here.</Trans>
          )}{' '}
          <Trans>
            Accepted: {types}; up to {maxSize} each.
          </Trans>
        </p>
      </div>

      {items.length > 0 ? (
        <ul className="upload-list" aria-label={t`Files being uploaded`}>
          {items.map((item) => {
            const name = item.file.name;
            const percent = item.percent;
            const reason = item.message ?? '';
            return (
              <li key={item.key} className={`upload-item upload-${item.status}`}>
                <div className="upload-item-head">
                  <FileName name={item.file.name} />
                  <span className="upload-size">{formatBytes((item.sent ?? item.file).size)}</span>
                </div>
                {item.status === 'uploading' || item.status === 'done' ? (
                  <progress
                    className="upload-progress"
                    max={100}
                    value={item.percent}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={item.percent}
                    aria-label={t`Upload progress of ${name}`}
                  />
                ) : null}
                <p
                  className={
                    item.status === 'refused' || item.status === 'failed' ? 'field-error' : 'upload-status'
                  }
                >
                  {item.status === 'preparing'
                    ? isHeifFile(item.file)
                      ? t`Converting the photo… This can take a few seconds.`
                      : t`Preparing the photo…`
                    : null}
                  {item.status === 'uploading' ? t`Uploading… ${percent}%` : null}
                  {item.status === 'done' ? t`Uploaded` : null}
                  {item.status === 'refused' ? t`Not sent. ${reason}` : null}
                  {item.status === 'failed' || item.status === 'cancelled' ? item.message : null}
                </p>
                {item.note ? <p className="field-hint upload-note">{item.note}</p> : null}
                <div className="upload-actions">
                  {item.status === 'uploading' || item.status === 'preparing' ? (
                    <Button
                      variant="secondary"
                      onClick={() => cancel(item.key)}
                      aria-label={t`Cancel upload of ${name}`}
                    >
                      <Trans>Cancel</Trans>
                    </Button>
                  ) : null}
                  {item.status === 'failed' || item.status === 'cancelled' ? (
                    <Button
                      variant="secondary"
                      onClick={() => retry(item)}
                      aria-label={t`Retry upload of ${name}`}
                    >
                      <Trans>Retry</Trans>
                    </Button>
                  ) : null}
                  {item.status !== 'uploading' && item.status !== 'preparing' ? (
                    <Button
                      variant="link"
                      onClick={() => dismiss(item)}
                      aria-label={t`Remove ${name} from this list`}
                    >
                      {item.status === 'done' && onRemove ? t`Remove` : t`Dismiss`}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
