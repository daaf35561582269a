import type { Room } from '@/api/rooms/schemas';
import { formatLocale } from '@/lib/locale';
import { hasMarkup, sanitizeHtml } from '@/lib/sanitize';

/**
 * The closing message of a closed room. `close_message.html` is server HTML and passes through
 * the sanitiser (RELIABILITY C22); `close_msg` is text and is rendered as text.
 */
export function ClosedNotice({ room }: { room: Room }) {
  const ops = room.operation_settings;
  const html = sanitizeHtml(ops?.close_message?.html);
  const text = ops?.close_msg?.trim();
  const days = ops?.closed_days?.filter(Boolean) ?? [];
  return (
    <section className="card room-closed" aria-labelledby="room-closed-title">
      <h2 id="room-closed-title">This room is closed right now</h2>
      {text ? <p className="wrap-anywhere">{text}</p> : null}
      {hasMarkup(html) ? (
        // Sanitised by lib/sanitize (allowlisted tags, https/mailto/tel links only).
        <div className="room-closed-message wrap-anywhere" dangerouslySetInnerHTML={{ __html: html }} />
      ) : null}
      {days.length ? <p>Closed every {formatList(days)}.</p> : null}
      {ops?.default_timezone ? (
        <p>Opening hours are in the {ops.default_timezone.replace(/_/g, ' ')} time zone.</p>
      ) : null}
    </section>
  );
}

function formatList(items: string[]): string {
  return new Intl.ListFormat(formatLocale(), { style: 'long', type: 'conjunction' }).format(items);
}
