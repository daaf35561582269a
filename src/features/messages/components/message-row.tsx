import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { memo } from 'react';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import type { OutgoingMessage } from '../thread/outbox';
import { AttachmentList } from './attachment-list';

/** Role of an author from the user type code (spec 2.1). */
export function roleLabel(type: number): string {
  switch (type) {
    case 200:
      return t`Patient`;
    case 400:
      return t`Provider`;
    case 100:
      return t`Clinic admin`;
    case 600:
      return t`Guest`;
    default:
      return t`Participant`;
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
  const name = message.actor.display_name;
  const role = roleLabel(message.actor.type);
  return (
    <article className={`msg ${isOwn ? 'msg-own' : 'msg-other'}`} aria-label={t`Message from ${name}`}>
      <header className="msg-meta">
        <bdi className="msg-author">{message.actor.display_name}</bdi>
        <span className="msg-role">
          {' '}
          {isOwn
            ? t({ message: '(you)', context: 'after the author name of your own message' })
            : `· ${role}`}
        </span>
        <time className="msg-time" dateTime={isoOf(message.created)}>
          {formatDateTime(message.created, zone)}
        </time>
      </header>
      <p className="msg-text" dir="auto">
        {message.content}
      </p>
      {ids.length ? <AttachmentList ids={ids} /> : null}
      {isSent ? (
        <p className="msg-status">
          <Trans>Sent</Trans>
        </p>
      ) : null}
    </article>
  );
});

const STATUS_TEXT: Record<OutgoingMessage['status'], MessageDescriptor> = {
  sending: msg`Sending…`,
  sent: msg`Sent`,
  checking: msg`Checking whether it was sent…`,
  unknown: msg`Not confirmed: we lost the connection while sending.`,
  failed: msg`Not sent.`,
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
  const status = i18n._(STATUS_TEXT[outgoing.status]);
  return (
    <article className={`msg msg-own msg-${outgoing.status}`} aria-label={t`Your message, ${status}`}>
      <header className="msg-meta">
        <bdi className="msg-author">{authorName}</bdi>
        <span className="msg-role">
          {' '}
          {t({ message: '(you)', context: 'after the author name of your own message' })}
        </span>
      </header>
      <p className="msg-text" dir="auto">
        {outgoing.content}
      </p>
      {outgoing.attachmentIds.length ? <AttachmentList ids={outgoing.attachmentIds} /> : null}
      <p className={`msg-status${canRetry ? ' msg-status-error' : ''}`}>
        {status}
        {detail}
      </p>
      {canRetry ? (
        <div className="msg-actions">
          <Button variant="secondary" onClick={() => onRetry(outgoing.localId)}>
            <Trans>Retry</Trans>
          </Button>
          <Button variant="link" onClick={() => onDiscard(outgoing.localId)}>
            <Trans>Remove</Trans>
          </Button>
        </div>
      ) : null}
    </article>
  );
});
