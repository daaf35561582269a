import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  Component,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import { ATTENTION_TEXT, attentionTag, isAway, useAttention } from '@/components/attention';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { readDraft, writeDraft } from '../drafts';
import { useThread } from '../use-thread';
import { Composer } from './composer';
import { MessageList, type ThreadItem } from './message-list';

export interface MessageThreadProps {
  visitId: string;
  /** The signed-in user: their messages are "you". */
  selfId: string;
  selfName: string;
  /** The visit is already known to be over (completed or cancelled): no composer. */
  isClosed?: boolean;
  headingLevel?: 2 | 3;
  /**
   * The patient's view: while the thread is open, replies keep being checked for in a background
   * tab, and one arriving while the patient is away alerts them (components/attention).
   */
  alertOnReply?: boolean;
}

/** "New message from Dr. A" / "3 new messages from Dr. A and Casey": names only, never content. */
export function describeIncoming(messages: readonly VisitMessage[]): string {
  const names = [...new Set(messages.map((m) => m.actor.display_name))];
  let who: string;
  if (names.length <= 1) {
    who = names[0] ?? t`the care team`;
  } else {
    const others = names.slice(0, -1).join(', ');
    const last = names.at(-1) ?? '';
    who = t`${others} and ${last}`;
  }
  const count = messages.length;
  return t`${plural(count, { one: `New message from ${who}`, other: `# new messages from ${who}` })}`;
}

const DRAFT_SAVE_MS = 300;

/**
 * The e-consult thread of a visit: history (newest page first, older on scroll-up), new replies
 * by polling, a composer with a per-thread draft, and plain messages for every way it can be
 * refused (closed, not a participant, not found, signed out).
 */
export function MessageThread({
  visitId,
  selfId,
  selfName,
  isClosed = false,
  headingLevel = 2,
  alertOnReply = false,
}: MessageThreadProps) {
  const zone = useViewerTimeZone();
  const session = useSessionStore();
  const [text, setText] = useState(() => readDraft(selfId, visitId));
  const textRef = useRef(text);
  useLayoutEffect(() => {
    textRef.current = text;
  }, [text]);
  const [resetKey, setResetKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  const onConfirmed = useCallback(
    (content: string) => {
      if (textRef.current !== content) return;
      textRef.current = '';
      setText('');
      writeDraft(selfId, visitId, '');
      setResetKey((k) => k + 1);
    },
    [selfId, visitId],
  );
  const alert = useAttention();
  const onIncoming = useCallback(
    (messages: VisitMessage[]) => {
      setAnnouncement(describeIncoming(messages));
      // No sender and no content in the alert: only that the clinic wrote.
      if (alertOnReply && isAway()) {
        void alert({
          ...ATTENTION_TEXT.message,
          tag: attentionTag('message', visitId),
          url: paths.patient.visit(visitId),
        });
      }
    },
    [alert, alertOnReply, visitId],
  );
  const { controller, snapshot } = useThread(visitId, selfId, {
    onConfirmed,
    onIncoming,
    pollWhileHidden: alertOnReply && !isClosed,
  });

  // The draft is saved shortly after typing stops (a big paste does not write on every key), and on leaving.
  // Never after sign-out, which has just wiped every draft.
  const saveDraft = useCallback(() => {
    if (session.getState().status !== 'signed-out') writeDraft(selfId, visitId, textRef.current);
  }, [session, selfId, visitId]);
  useEffect(() => {
    const timer = setTimeout(saveDraft, DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [text, saveDraft]);
  useEffect(() => () => saveDraft(), [saveDraft]);

  const items = useMemo<ThreadItem[]>(() => {
    const held = new Set<string>();
    const list: ThreadItem[] = snapshot.messages.map((message) => {
      held.add(message.id);
      return { kind: 'message', key: message.id, message };
    });
    for (const outgoing of snapshot.outgoing) {
      if (outgoing.serverId && held.has(outgoing.serverId)) continue;
      list.push({ kind: 'outgoing', key: outgoing.localId, outgoing });
    }
    return list;
  }, [snapshot.messages, snapshot.outgoing]);

  const onRetry = useCallback((localId: string) => void controller.retry(localId), [controller]);
  const onDiscard = useCallback((localId: string) => controller.discard(localId), [controller]);
  const onLoadOlder = useCallback(() => void controller.loadOlder(), [controller]);
  const onSend = useCallback((content: string, ids: string[]) => controller.send(content, ids), [controller]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { block } = snapshot;

  let body: ReactNode;
  if (block === 'forbidden') {
    body = (
      <p className="thread-notice" role="alert">
        <Trans>You are not taking part in this consultation, so its messages are not available to you.</Trans>
      </p>
    );
  } else if (block === 'not-found') {
    body = (
      <p className="thread-notice" role="alert">
        <Trans>We could not find the messages of this consultation. It may have been removed.</Trans>
      </p>
    );
  } else if (snapshot.phase === 'loading') {
    body = <Spinner label={t`Loading messages…`} />;
  } else if (snapshot.phase === 'error') {
    body = (
      <ErrorState
        title={t`Messages could not be loaded`}
        error={snapshot.loadError}
        onRetry={() => controller.retryLoad()}
      />
    );
  } else {
    const closed = isClosed || block === 'closed';
    body = (
      <>
        {snapshot.pollError && !block ? (
          <div className="banner banner-warning" role="status">
            <Trans>We couldn’t check for new messages just now; we’ll keep trying.</Trans>{' '}
            <Button variant="link" onClick={() => controller.focus()}>
              <Trans>Check now</Trans>
            </Button>
          </div>
        ) : null}
        {items.length ? (
          <MessageList
            items={items}
            selfId={selfId}
            selfName={selfName}
            sentIds={snapshot.sentIds}
            zone={zone}
            hasOlder={snapshot.start > 0}
            loadingOlder={snapshot.loadingOlder}
            onLoadOlder={onLoadOlder}
            onRetry={onRetry}
            onDiscard={onDiscard}
          />
        ) : (
          <p className="empty-state">
            <Trans>No messages yet.</Trans>
          </p>
        )}
        {snapshot.olderError ? (
          <p className="field-error" role="alert">
            <Trans>Earlier messages could not be loaded.</Trans> {snapshot.olderError.userMessage}
          </p>
        ) : null}
        {closed ? (
          <ClosedNotice draft={text} />
        ) : (
          <>
            {/* The composer stays (with every typed word) behind the sign-in-again prompt: the
                session may come back through another tab, and the text is the patient's. */}
            {block === 'session' ? (
              <p className="thread-notice" role="alert">
                <Trans>
                  Your session has ended. Sign in again to see new messages and send yours; what you typed is
                  kept here.
                </Trans>
              </p>
            ) : null}
            <Composer
              visitId={visitId}
              text={text}
              onTextChange={setText}
              onSend={onSend}
              resetKey={resetKey}
            />
          </>
        )}
      </>
    );
  }

  return (
    <section className="thread card" aria-labelledby={`thread-title-${visitId}`}>
      <Heading id={`thread-title-${visitId}`}>
        <Trans>Messages</Trans>
      </Heading>
      {body}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
}

/** A closed consultation: the history stays, the composer gives way, an unsent draft stays copyable. */
function ClosedNotice({ draft }: { draft: string }) {
  const id = useId();
  return (
    <div className="thread-closed" role="status">
      <p>
        <Trans>
          <strong>This consultation is closed.</strong> You can still read the messages, but no new messages
          can be sent. To ask something new, start a new visit.
        </Trans>
      </p>
      {draft.trim() ? (
        <div className="field">
          <label htmlFor={id}>
            <Trans>Your unsent message (you can copy it)</Trans>
          </label>
          <textarea id={id} readOnly value={draft} rows={3} dir="auto" />
        </div>
      ) : null}
    </div>
  );
}

/** Lets the thread fail alone: the rest of the visit page keeps working. */
export class ThreadErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <ErrorState title={t`Messages could not be shown`} onRetry={() => this.setState({ failed: false })}>
          <p>
            <Trans>The rest of this page still works.</Trans>
          </p>
        </ErrorState>
      );
    }
    return this.props.children;
  }
}
