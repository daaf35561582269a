import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { uploadFile } from '@telehealth/client/files/requests';
import { MESSAGE_MAX_LENGTH } from '@telehealth/client/messages/schemas';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FileUploader, IMAGE_ACCEPT, DOCUMENT_ACCEPT, type UploadSummary } from '@/components/upload';
import type { SendOutcome } from '../thread-controller';

/** The counter appears once the text is this close to the limit. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_LENGTH * 0.8);

export interface ComposerProps {
  visitId: string;
  text: string;
  onTextChange: (text: string) => void;
  /** Sends one intent; resolves when its outcome is known. */
  onSend: (content: string, attachmentIds: string[]) => Promise<SendOutcome>;
  /** Bumped by the parent when a message is confirmed stored, to clear the attachments. */
  resetKey: number;
}

const ATTACHMENT_ACCEPT = { ...IMAGE_ACCEPT, ...DOCUMENT_ACCEPT };

/**
 * Writes and sends a message. Sending runs in a single flight, so a second send in the same tick
 * (double click, Enter then click) sends nothing; the fieldset is disabled while sending. The text stays until the server
 * confirms the message, so a failed send loses nothing.
 */
export function Composer({ visitId, text, onTextChange, onSend, resetKey }: ComposerProps) {
  const fieldId = useId();
  const hintId = useId();
  const counterId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<FileRecord[]>([]);
  const [uploads, setUploads] = useState<UploadSummary>({ uploading: 0, failed: 0, done: 0 });

  const [seenReset, setSeenReset] = useState(resetKey);
  if (seenReset !== resetKey) {
    // A message was confirmed: its attachments went with it.
    setSeenReset(resetKey);
    setAttachments([]);
  }

  const remaining = MESSAGE_MAX_LENGTH - text.length;

  const send = useSingleFlight(async (content: string, attachmentIds: string[]) => {
    setError(null);
    const outcome = await onSend(content, attachmentIds);
    if (outcome === 'unknown') {
      setError(
        t`We could not confirm that your message was sent. Your text is kept; use Retry on the message to check and send it.`,
      );
    } else if (outcome === 'rejected') {
      setError(t`Your message was not sent. Your text is kept; use Retry on the message, or edit it.`);
    } else if (outcome === 'blocked') {
      setError(t`Your message was not sent. Your text is kept; send it once you are signed in again.`);
    }
  });

  const submit = () => {
    const content = text;
    if (content.trim() === '') {
      setError(t`Write a message before sending.`);
      return;
    }
    if (content.length > MESSAGE_MAX_LENGTH) {
      const max = MESSAGE_MAX_LENGTH;
      const excess = content.length - MESSAGE_MAX_LENGTH;
      setError(t`Messages can be at most ${max} characters. Shorten it by ${excess}.`);
      return;
    }
    if (uploads.uploading > 0) {
      setError(t`Wait for the attachments to finish uploading, or remove them.`);
      return;
    }
    void send.run(
      content,
      attachments.map((a) => a.id),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const describedBy = [
    hintId,
    remaining <= MESSAGE_MAX_LENGTH - COUNTER_FROM ? counterId : null,
    error ? errorId : null,
  ]
    .filter(Boolean)
    .join(' ');
  const over = -remaining;

  return (
    <form className="composer" onSubmit={onSubmit} noValidate>
      <fieldset disabled={send.isBusy} className="composer-fieldset">
        <legend className="visually-hidden">
          <Trans>Write a message</Trans>
        </legend>
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={fieldId}>
            <Trans>Your message</Trans>
          </label>
          <textarea
            id={fieldId}
            className="composer-text"
            dir="auto"
            rows={3}
            value={text}
            onChange={(event) => {
              onTextChange(event.target.value);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <p id={hintId} className="field-hint">
            <Trans>Enter sends; Shift+Enter starts a new line.</Trans>
          </p>
          {text.length >= COUNTER_FROM ? (
            <p
              id={counterId}
              className={`field-hint${remaining < 0 ? ' field-error' : ''}`}
              aria-live="polite"
            >
              {remaining >= 0
                ? t`${plural(remaining, { one: '# character left', other: '# characters left' })}`
                : t`${plural(over, { one: '# character over the limit', other: '# characters over the limit' })}`}
            </p>
          ) : null}
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <FileUploader<FileRecord>
          key={resetKey}
          label={t`Attach files`}
          hint={t`Photos or documents for your care team.`}
          accept={ATTACHMENT_ACCEPT}
          upload={(file, { onProgress, signal }) =>
            uploadFile(
              { file, category: 'intake_attachment', targetId: visitId, targetType: 'visit' },
              { onProgress, signal },
            )
          }
          onUploaded={(record) => setAttachments((list) => [...list, record])}
          onRemove={(record) => setAttachments((list) => list.filter((a) => a.id !== record.id))}
          onSummaryChange={setUploads}
        />
        <Button type="submit" isBusy={send.isBusy} busyLabel={t`Sending…`}>
          <Trans>Send</Trans>
        </Button>
      </fieldset>
    </form>
  );
}
