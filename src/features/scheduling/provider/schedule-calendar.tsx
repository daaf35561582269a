import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import './calendar.css';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { displayName } from '@telehealth/client/users/display-name';
import { visitStatusWords } from '@telehealth/client/visits/kinds';
import type { Slot } from '@telehealth/client/slots/schemas';
import type { Visit } from '@telehealth/client/visits/schemas';
import { paths } from '@/config/paths';
import { formatTime } from '@/lib/dates';
import { dayInWords, groupByDay, shortDayInWords, type DayKey } from '../utils/days';
import {
  hourLabel,
  hourRange,
  isActiveVisit,
  layoutDay,
  nowOnDay,
  timeRangeInWords,
  type CalendarItem,
  type CalendarView,
  type PlacedItem,
} from './calendar-model';

type Vars = CSSProperties & Record<`--${string}`, string | number>;

const patientOf = (visit: Visit) =>
  displayName(visit.member) ?? t({ message: 'Patient', context: 'a patient whose name is not known' });

const bookedWords = (booked: number, capacity: number) =>
  t`${booked} of ${plural(capacity, { one: '# place booked', other: '# places booked' })}`;

function AppointmentBlock({ visit, when, zone }: { visit: Visit; when: string; zone: string }) {
  const name = patientOf(visit);
  const status = visitStatusWords(visit);
  const statusWords = status.toLowerCase();
  return (
    <Link
      className="cal-block-body"
      to={paths.provider.visit(visit.id)}
      aria-label={t`${name}, appointment, ${when}, ${statusWords}`}
    >
      <span className="cal-block-time">{formatTime(visit.start ?? 0, zone)}</span>{' '}
      <bdi className="cal-block-title">{name}</bdi>{' '}
      <span className="cal-block-detail">
        <Trans>Appointment · {status}</Trans>
      </span>
    </Link>
  );
}

function Block({
  placed,
  dayWords,
  zone,
  onDelete,
}: {
  placed: PlacedItem;
  dayWords: string;
  zone: string;
  onDelete: (slot: Slot, label: string) => void;
}) {
  const { item } = placed;
  const when = `${timeRangeInWords(item.start, item.end, zone)}, ${dayWords}`;
  const style: Vars = {
    '--cal-top': placed.top,
    '--cal-length': placed.length,
    '--cal-lane': placed.lane,
    '--cal-lanes': placed.lanes,
  };
  const className = `cal-block cal-${item.kind}${
    item.kind === 'appointment' && !isActiveVisit(item.visit) ? ' cal-inactive' : ''
  }`;
  if (item.kind === 'appointment') {
    return (
      <li className={className} style={style}>
        <AppointmentBlock visit={item.visit} when={when} zone={zone} />
      </li>
    );
  }
  const counts = bookedWords(item.booked, item.capacity);
  const booked = item.booked;
  const capacity = item.capacity;
  if (item.kind === 'slot') {
    return (
      <li className={className} style={style}>
        <button
          type="button"
          className="cal-block-body"
          aria-label={t`Delete the open slot, ${when}, ${counts}`}
          onClick={() => onDelete(item.slot, t`Open slot, ${when}`)}
        >
          <span className="cal-block-time">{formatTime(item.start, zone)}</span>{' '}
          <span className="cal-block-title">
            <Trans>Open slot</Trans>
          </span>{' '}
          <span className="cal-block-detail">
            <Trans>
              {booked} of {capacity} booked · Delete
            </Trans>
          </span>
        </button>
      </li>
    );
  }
  const title = item.slot.group?.consultation?.description ?? t`Group session`;
  return (
    <li className={className} style={style}>
      <div className="cal-block-body">
        <span className="cal-block-time">{formatTime(item.start, zone)}</span>{' '}
        <span className="cal-block-title">{title}</span>{' '}
        <span className="cal-block-detail">
          <Trans>
            {booked} of {capacity} booked
          </Trans>
        </span>
        {item.visits.length > 0 ? (
          <ul className="cal-members">
            {item.visits.map((visit) => {
              const patient = patientOf(visit);
              return (
                <li key={visit.id}>
                  <Link
                    to={paths.provider.visit(visit.id)}
                    aria-label={t`${patient}, group session, ${when}`}
                  >
                    <bdi>{patient}</bdi>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : null}
        <button
          type="button"
          className="cal-session-delete"
          aria-label={t`Delete the group session, ${when}, ${counts}`}
          onClick={() => onDelete(item.slot, `${title}, ${when}`)}
        >
          <Trans context="button: deletes a group session">Delete</Trans>
        </button>
      </div>
    </li>
  );
}

/**
 * The provider's days as a time grid: hours down the side, one column per day, blocks placed by
 * time in the provider's zone. Each day is a section with its heading and its blocks in time order,
 * so reading and Tab order follow the clock. A narrow week becomes a list of days (calendar.css).
 */
export function ScheduleCalendar({
  view,
  days,
  items,
  zone,
  now,
  onDelete,
}: {
  view: CalendarView;
  days: readonly DayKey[];
  items: readonly CalendarItem[];
  zone: string;
  now: number;
  onDelete: (slot: Slot, label: string) => void;
}) {
  const byDay = groupByDay(items, (item) => item.start, days, zone);
  const layouts = days.map((key) => ({ key, placed: layoutDay(byDay.get(key) ?? [], zone) }));
  const { first, last } = hourRange(layouts.map((d) => d.placed));
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const style: Vars = { '--cal-first': first * 60, '--cal-hours': last - first, '--cal-days': days.length };
  return (
    <div className={`cal cal-${view}`}>
      <div className="cal-grid" style={style}>
        <div className="cal-hours" aria-hidden="true">
          {hours.map((hour) => (
            <span key={hour} className="cal-hour">
              {hourLabel(hour)}
            </span>
          ))}
        </div>
        {layouts.map(({ key, placed }) => {
          const nowAt = nowOnDay(now, key, zone);
          const isShownNow = nowAt !== null && nowAt >= first * 60 && nowAt <= last * 60;
          const headingId = `cal-day-${key}`;
          const words = dayInWords(key);
          return (
            <section
              key={key}
              className={`cal-day${nowAt !== null ? ' cal-today' : ''}`}
              aria-labelledby={headingId}
            >
              <h3 id={headingId} className="cal-day-heading">
                {view === 'week' ? (
                  <>
                    <span aria-hidden="true">{shortDayInWords(key)}</span>
                    <span className="visually-hidden">{words}</span>
                  </>
                ) : (
                  words
                )}
                {nowAt !== null ? (
                  <span className="cal-today-tag">
                    {' · '}
                    <Trans context="tag on today's column of the calendar">Today</Trans>
                  </span>
                ) : null}
              </h3>
              <div className="cal-day-body">
                {isShownNow ? (
                  <div className="cal-now" style={{ '--cal-top': nowAt } as Vars} aria-hidden="true" />
                ) : null}
                {placed.length === 0 ? (
                  <p className="cal-empty">
                    <Trans>Nothing scheduled</Trans>
                  </p>
                ) : (
                  <ol className="cal-blocks">
                    {placed.map((p) => (
                      <Block
                        key={`${p.item.kind}-${p.item.id}`}
                        placed={p}
                        dayWords={words}
                        zone={zone}
                        onDelete={onDelete}
                      />
                    ))}
                  </ol>
                )}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
