import { Trans } from '@lingui/react/macro';
import type { Room } from '@telehealth/client/rooms/schemas';
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
  const dayList = formatList(days);
  const zoneName = ops?.default_timezone?.replace(/_/g, ' ');
  return (
    <section className="card room-closed" aria-labelledby="room-closed-title">
      <h2 id="room-closed-title">
        <Trans>This room is closed right now</Trans>
      </h2>
      {text ? <p className="wrap-anywhere">{text}</p> : null}
      {hasMarkup(html) ? (
        // Sanitised by lib/sanitize (allowlisted tags, https/mailto/tel links only).
        <div className="room-closed-message wrap-anywhere" dangerouslySetInnerHTML={{ __html: html }} />
      ) : null}
      {days.length ? (
        <p>
          <Trans>Closed every {dayList}.</Trans>
        </p>
      ) : null}
      {zoneName ? (
        <p>
          <Trans>Opening hours are in the {zoneName} time zone.</Trans>
        </p>
      ) : null}
    </section>
  );
}

function formatList(items: string[]): string {
  return new Intl.ListFormat(formatLocale(), { style: 'long', type: 'conjunction' }).format(items);
}
