import { memo } from 'react';
import type { VisitMessage } from '@/api/messages/schemas';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import type { OutgoingMessage } from '../thread/outbox';
import { AttachmentList } from './attachment-list';

/** Role of an author from the user type code (spec 2.1). */
export function roleLabel(type: number): string {
  switch (type) {
    case 200:
      return 'Patient';
    case 400:
      return 'Provider';
    case 100:
      return 'Clinic admin';
    case 600:
      return 'Guest';
    default:
      return 'Participant';
  }
}

function isoOf(seconds: number): string | undefined {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * One message. Content is text only (never markup) with `dir="auto"` so its own direction
 * cannot flip the author and time around it; names sit in <bdi>; long words wrap.
 */
export const MessageRow = memo(function MessageRow({
  message,
  isOwn,
  isSent,
  zone,
}: {
  message: VisitMessage;
  isOwn: boolean;
  isSent: boolean;
  zone: string;
}) {
  const ids = message.attachment_ids ?? [];
  return (
    <article
      className={`msg ${isOwn ? 'msg-own' : 'msg-other'}`}
      aria-label={`Message from ${message.actor.display_name}`}
    >
      <header className="msg-meta">
        <bdi className="msg-author">{message.actor.display_name}</bdi>
        <span className="msg-role">{isOwn ? ' (you)' : ` · ${roleLabel(message.actor.type)}`}</span>
        <time className="msg-time" dateTime={isoOf(message.created)}>
          {formatDateTime(message.created, zone)}
        </time>
      </header>
      <p className="msg-text" dir="auto">
        {message.content}
      </p>
      {ids.length ? <AttachmentList ids={ids} /> : null}
      {isSent ? <p className="msg-status">Sent</p> : null}
    </article>
  );
});

const STATUS_TEXT: Record<OutgoingMessage['status'], string> = {
  sending: 'Sending…',
  sent: 'Sent',
  checking: 'Checking whether it was sent…',
  unknown: 'Not confirmed: we lost the connection while sending.',
  failed: 'Not sent.',
};

/** A message this tab is sending: shown at once, then marked sent, or offered for retry. */
export const OutgoingRow = memo(function OutgoingRow({
  outgoing,
  authorName,
  onRetry,
  onDiscard,
}: {
  outgoing: OutgoingMessage;
  authorName: string;
  onRetry: (localId: string) => void;
  onDiscard: (localId: string) => void;
}) {
  const canRetry = outgoing.status === 'failed' || outgoing.status === 'unknown';
  const detail = outgoing.status === 'failed' && outgoing.error ? ` ${outgoing.error.userMessage}` : '';
  return (
    <article
      className={`msg msg-own msg-${outgoing.status}`}
      aria-label={`Your message, ${STATUS_TEXT[outgoing.status]}`}
    >
      <header className="msg-meta">
        <bdi className="msg-author">{authorName}</bdi>
        <span className="msg-role"> (you)</span>
      </header>
      <p className="msg-text" dir="auto">
        {outgoing.content}
      </p>
      {outgoing.attachmentIds.length ? <AttachmentList ids={outgoing.attachmentIds} /> : null}
      <p className={`msg-status${canRetry ? ' msg-status-error' : ''}`}>
        {STATUS_TEXT[outgoing.status]}
        {detail}
      </p>
      {canRetry ? (
        <div className="msg-actions">
          <Button variant="secondary" onClick={() => onRetry(outgoing.localId)}>
            Retry
          </Button>
          <Button variant="link" onClick={() => onDiscard(outgoing.localId)}>
            Remove
          </Button>
        </div>
      ) : null}
    </article>
  );
});
