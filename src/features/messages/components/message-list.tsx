import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import { Button } from '@/components/ui/button';
import type { OutgoingMessage } from '../thread/outbox';
import { MessageRow, OutgoingRow } from './message-row';

export type ThreadItem =
  | { kind: 'message'; key: string; message: VisitMessage }
  | { kind: 'outgoing'; key: string; outgoing: OutgoingMessage };

/** Below this distance from the bottom the list counts as "at the bottom" and follows new messages. */
const STICK_PX = 48;
/** Older messages load when scrolled this close to the top. */
const LOAD_OLDER_PX = 240;
/** A row's height before it is measured. */
const ESTIMATED_ROW_PX = 96;

/**
 * Performance mark set once per mounted list, in the frame that first shows the newest message
 * (read by `npm run bench` through the Performance API: its startTime is ms since navigation).
 */
export const NEWEST_MESSAGE_PAINTED = 'newest-message-painted';

/**
 * The thread as a virtualised list: only rows near the viewport are in the DOM, so a 10,000-message
 * thread stays light. It opens at the newest message, follows new ones while at the bottom, loads
 * older pages on scroll-up and keeps the reading position when they arrive.
 */
export function MessageList({
  items,
  selfId,
  selfName,
  sentIds,
  zone,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
}: {
  items: ThreadItem[];
  selfId: string;
  selfName: string;
  sentIds: ReadonlySet<string>;
  zone: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (localId: string) => void;
  onDiscard: (localId: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    // The first render already lays out the newest rows (not the oldest, then a jump to the end).
    initialOffset: () => items.length * ESTIMATED_ROW_PX,
    overscan: 6,
    getItemKey: (index) => items[index]?.key ?? index,
  });

  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const firstKey = items[0]?.key;
  const lastKey = items.at(-1)?.key;
  const previous = useRef<{
    firstKey: string | undefined;
    lastKey: string | undefined;
    count: number;
    scrollTop: number;
  } | null>(null);

  const scrollToEnd = useCallback(() => {
    if (items.length) virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
    setUnseen(0);
  }, [items.length, virtualizer]);

  // Keep the place when older messages are added above, follow the end when at the bottom.
  useLayoutEffect(() => {
    const before = previous.current;
    const element = scrollRef.current;
    previous.current = { firstKey, lastKey, count: items.length, scrollTop: element?.scrollTop ?? 0 };
    if (!element) return;
    if (!before) {
      scrollToEnd();
      // rAF runs just before the frame that paints this commit is drawn.
      if (items.length && typeof performance !== 'undefined' && typeof requestAnimationFrame === 'function') {
        requestAnimationFrame(() => performance.mark(NEWEST_MESSAGE_PAINTED));
      }
      return;
    }
    if (before.firstKey !== firstKey && before.count > 0 && items.length > before.count) {
      const added = items.findIndex((item) => item.key === before.firstKey);
      if (added > 0) {
        const offset = virtualizer.measurementsCache[added]?.start ?? added * ESTIMATED_ROW_PX;
        element.scrollTop = before.scrollTop + offset;
      }
    }
    if (before.lastKey !== lastKey) {
      if (atBottom.current || items.at(-1)?.kind === 'outgoing') scrollToEnd();
      else setUnseen((n) => n + Math.max(1, items.length - before.count));
    }
  }, [firstKey, lastKey, items, scrollToEnd, virtualizer]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
    if (atBottom.current) setUnseen(0);
    if (element.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  useEffect(() => {
    // A short first page may not fill the box: there is nothing to scroll, so load more now.
    const element = scrollRef.current;
    if (
      element &&
      hasOlder &&
      !loadingOlder &&
      element.scrollHeight > 0 &&
      element.scrollHeight <= element.clientHeight
    )
      onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder, items.length]);

  const rows = virtualizer.getVirtualItems();
  const total = items.length;
  const renderItem = useMemo(
    () => (item: ThreadItem) =>
      item.kind === 'message' ? (
        <MessageRow
          message={item.message}
          isOwn={item.message.actor.id === selfId}
          isSent={sentIds.has(item.message.id)}
          zone={zone}
        />
      ) : (
        <OutgoingRow outgoing={item.outgoing} authorName={selfName} onRetry={onRetry} onDiscard={onDiscard} />
      ),
    [selfId, selfName, sentIds, zone, onRetry, onDiscard],
  );

  return (
    <div className="thread-frame">
      {hasOlder ? (
        <div className="thread-older">
          <Button
            variant="link"
            onClick={onLoadOlder}
            isBusy={loadingOlder}
            busyLabel={t`Loading earlier messages…`}
          >
            <Trans>Load earlier messages</Trans>
          </Button>
        </div>
      ) : null}
      {/* Focusable so keyboard users can scroll it; a region so it is easy to find. */}
      <div
        ref={scrollRef}
        className="thread-scroll"
        tabIndex={0}
        role="region"
        aria-label={t`Message history`}
        onScroll={onScroll}
      >
        <ol className="thread-list" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            return (
              <li
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="thread-row"
                aria-setsize={total}
                aria-posinset={row.index + 1}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                {renderItem(item)}
              </li>
            );
          })}
        </ol>
      </div>
      {unseen > 0 ? (
        <Button variant="secondary" className="thread-jump" onClick={scrollToEnd}>
          {t`${plural(unseen, { one: '# new message', other: '# new messages' })} – show`}
        </Button>
      ) : null}
    </div>
  );
}
