import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useDeferredValue, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useServerExtension } from '@/api/accounts/extensions';
import { roomQueries } from '@/api/rooms/queries';
import { userQueries } from '@/api/users/queries';
import { VISIT_KINDS, visitStatusWords } from '@telehealth/client/visits/kinds';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { formatLocale } from '@/lib/locale';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { minutesBetween, usePolledVisits, waitedWords } from './use-polled-visits';
import {
  RowActionButton,
  nextWalkin,
  rowActionOf,
  useWorkListActions,
  type WorkListActions,
} from './work-list-actions';
import {
  KIND_WORDS,
  NO_FILTERS,
  WORK_STATUSES,
  WORK_STATUS_LABEL,
  arrivedAt,
  buildRows,
  filterRows,
  patientNameOf,
  type Period,
  type WorkListFilters,
  type WorkRow,
} from './work-list-model';

/** The same read of the clinic's rooms as `useRoomName`, so both share one cache entry. */
const ROOMS_QUERY = roomQueries.list({ page: 1, limit: 100 });

/** From this many rows on, only the rows near the viewport are in the page. */
export const VIRTUALISE_FROM = 60;
const ESTIMATED_ROW_PX = 104;

const PERIOD_LABEL: Record<Period, MessageDescriptor> = {
  all: msg`All dates`,
  today: msg`Today`,
  week: msg`This week`,
  date: msg`A date…`,
};

/** "Jamie Rivera, Blair Foster and Cameron Kowalski": the booked names as one string. */
function nameWords(visits: readonly Visit[]): string {
  return new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(visits.map(patientNameOf));
}

/** "Group session: Jamie Rivera and Blair Foster", the name of a group session's link. */
function groupLabel(visits: readonly Visit[]): string {
  const names = nameWords(visits);
  return t`Group session: ${names}`;
}

/** "Booked (3):", before the booked patients of a group session. */
function BookedCount({ count }: { count: number }) {
  return <Trans>Booked ({count}):</Trans>;
}

function WorkRowItem({
  row,
  hrefFor,
  roomName,
  zone,
  now,
  style,
  index,
  total,
  measure,
  actions,
}: {
  row: WorkRow;
  hrefFor: (id: string) => string;
  roomName: string | null;
  zone: string;
  now: number;
  style?: CSSProperties;
  index: number;
  total: number;
  measure?: (element: HTMLElement | null) => void;
  actions: WorkListActions | null;
}) {
  const [first] = row.visits;
  const rowAction = actions ? rowActionOf(row) : null;
  const when = row.time === null ? null : formatDateTime(row.time, zone);
  const isSent = row.kind === 'econsult' && typeof first.start !== 'number';
  // In the link's name after the name and kind ("…, sent Nov 20"); in the row, as its own part.
  const timeWords = when ? (isSent ? t`sent ${when}` : when) : '';
  const timeShown = when ? (isSent ? t`Sent ${when}` : when) : '';
  const kindWords = i18n._(KIND_WORDS[row.kind]);
  const reason = row.isGroup ? '' : (first.intake?.reason_for_visit?.trim() ?? '');
  const isWaitingWalkin =
    row.kind === 'walkin' && row.status === 'waiting' && first.status === VISIT_STATUS.pending;
  return (
    <li
      className="inbox-item work-row"
      data-index={index}
      ref={measure}
      aria-setsize={total}
      aria-posinset={index + 1}
      style={style}
    >
      <p className="queue-name">
        {/* Named in one string: a hidden part beside the visible name would read " , Walk-in". */}
        <Link
          to={hrefFor(first.id)}
          aria-label={[
            row.isGroup ? groupLabel(row.visits) : patientNameOf(first),
            kindWords,
            ...(timeWords ? [timeWords] : []),
          ].join(', ')}
        >
          {row.isGroup ? <Trans>Group session</Trans> : <bdi>{patientNameOf(first)}</bdi>}
        </Link>
      </p>
      {row.isGroup ? (
        <p>
          <BookedCount count={row.visits.length} />{' '}
          {row.visits.map((v, i) => (
            <Fragment key={v.id}>
              {i ? ', ' : ''}
              <Link to={hrefFor(v.id)}>
                <bdi>{patientNameOf(v)}</bdi>
              </Link>
            </Fragment>
          ))}
        </p>
      ) : null}
      {reason ? (
        <p>
          <bdi>{reason}</bdi>
        </p>
      ) : null}
      <p className="queue-meta">
        <span className="tag">{visitStatusWords(first)}</span> {kindWords}
        {timeShown ? ` · ${timeShown}` : ''}
        {roomName ? ` · ${roomName}` : ''}
        {isWaitingWalkin ? ` · ${waitedWords(minutesBetween(arrivedAt(first), now))}` : ''}
      </p>
      {actions && rowAction ? <RowActionButton row={row} what={rowAction} actions={actions} /> : null}
    </li>
  );
}

function Rows({
  rows,
  hrefFor,
  roomNames,
  zone,
  now,
  labelledBy,
  actions,
}: {
  rows: WorkRow[];
  hrefFor: (id: string) => string;
  roomNames: ReadonlyMap<string, string>;
  zone: string;
  now: number;
  labelledBy: string;
  actions: WorkListActions | null;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isLong = rows.length >= VIRTUALISE_FROM;
  const virtualizer = useVirtualizer({
    count: isLong ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 8,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  const item = (row: WorkRow, index: number, extra?: Partial<Parameters<typeof WorkRowItem>[0]>) => (
    <WorkRowItem
      key={row.key}
      row={row}
      hrefFor={hrefFor}
      roomName={row.roomCode ? (roomNames.get(row.roomCode) ?? null) : null}
      zone={zone}
      now={now}
      index={index}
      total={rows.length}
      actions={actions}
      {...extra}
    />
  );
  if (!isLong) {
    return (
      <ul className="queue-list" aria-labelledby={labelledBy}>
        {rows.map((row, index) => item(row, index))}
      </ul>
    );
  }
  // A long list scrolls in its own box; tabbing to a row near its edge scrolls the next rows in.
  return (
    <div ref={scrollRef} style={{ maxHeight: '70vh', overflowY: 'auto', position: 'relative' }}>
      <ul
        className="queue-list"
        aria-labelledby={labelledBy}
        style={{ height: virtualizer.getTotalSize(), position: 'relative', display: 'block' }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          return item(row, v.index, {
            measure: virtualizer.measureElement,
            style: { position: 'absolute', top: 0, insetInline: 0, transform: `translateY(${v.start}px)` },
          });
        })}
      </ul>
    </div>
  );
}

/**
 * The provider's work list: every visit of their rooms (one `GET /visits` read, polled), one row per
 * visit or group session, filtered here. Filters other than the search come from and go to the
 * caller (the route keeps them in the URL); the patient-name search stays in this component.
 */
export function ProviderWorkList({
  hrefFor,
  filters: given,
  onFiltersChange,
}: {
  hrefFor: (id: string) => string;
  filters?: WorkListFilters | undefined;
  /** Told what changed; the caller merges it into the filters it keeps. */
  onFiltersChange?: ((change: Partial<WorkListFilters>) => void) | undefined;
}) {
  const [own, setOwn] = useState<WorkListFilters>(NO_FILTERS);
  const filters = given ?? own;
  const setFilters = (change: Partial<WorkListFilters>) =>
    onFiltersChange ? onFiltersChange(change) : setOwn((before) => ({ ...before, ...change }));
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const zone = useViewerTimeZone();
  const visits = usePolledVisits({});
  const rooms = useQuery(ROOMS_QUERY);
  const me = useQuery(userQueries.me());
  const canAct = useServerExtension('visit-status');
  const actions = useWorkListActions({ providerId: me.data?.id ?? null, hrefFor });
  const ids = {
    heading: useId(),
    status: useId(),
    kind: useId(),
    room: useId(),
    period: useId(),
    date: useId(),
    search: useId(),
  };

  // The clock of the last answer: minutes waited and "today" move on with each poll.
  const now = Math.floor(visits.dataUpdatedAt / 1000);
  const rows = useMemo(() => buildRows(visits.data ?? [], now), [visits.data, now]);
  const matching = useMemo(
    () => filterRows(rows, filters, deferredSearch, now, zone),
    [rows, filters, deferredSearch, now, zone],
  );
  const roomNames = useMemo(
    () => new Map((rooms.data ?? []).map((room) => [room.code, room.name] as const)),
    [rooms.data],
  );
  // Rooms of the visits, by name; a room this clinic does not list is never offered by its code.
  const roomOptions = useMemo(() => {
    const codes = new Set(rows.map((r) => r.roomCode).filter((c): c is string => Boolean(c)));
    return [...codes]
      .flatMap((code) => {
        const name = roomNames.get(code);
        return name ? [{ code, name }] : [];
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [rows, roomNames]);

  if (visits.isPending) return <Spinner label={t`Loading visits…`} />;
  if (visits.isError) return <QueryError query={visits} title={t`We couldn’t load the visits`} />;
  if (!visits.data.length)
    return (
      <>
        <DroppedRowsNotice list={visits.data} />
        <EmptyState title={t`No visits yet`} />
      </>
    );

  const count = matching.length;
  const listActions = canAct && me.data ? actions : null;
  const next = listActions ? nextWalkin(visits.data) : null;
  return (
    <>
      <DroppedRowsNotice list={visits.data} />
      {listActions ? (
        <div className="work-list-next">
          {next ? (
            <Button
              onClick={() => listActions.takeAndStart(next)}
              isBusy={listActions.isBusy}
              busyLabel={t`Taking…`}
            >
              <Trans>Take and start the next walk-in</Trans>
            </Button>
          ) : (
            <p className="queue-meta">
              <Trans>No walk-in is waiting for a provider.</Trans>
            </p>
          )}
          {listActions.statusLine}
        </div>
      ) : null}
      <form
        role="search"
        aria-label={t`Filter visits`}
        className="form-grid"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label htmlFor={ids.search}>
            <Trans>Search by patient name</Trans>
          </label>
          {/* Names typed here stay in this page: never in the address, the title or storage. */}
          <input
            id={ids.search}
            type="search"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.status}>
            <Trans>Status</Trans>
          </label>
          <select
            id={ids.status}
            value={filters.status ?? ''}
            onChange={(e) => setFilters({ status: WORK_STATUSES.find((s) => s === e.target.value) })}
          >
            <option value="">{t`All statuses`}</option>
            {WORK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(WORK_STATUS_LABEL[s])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.kind}>
            <Trans context="a visit's kind: video, phone, messages">Kind</Trans>
          </label>
          <select
            id={ids.kind}
            value={filters.kind ?? ''}
            onChange={(e) => setFilters({ kind: VISIT_KINDS.find((k) => k === e.target.value) })}
          >
            <option value="">{t`All kinds`}</option>
            {VISIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {i18n._(KIND_WORDS[k])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.room}>
            <Trans context="a clinic's room">Room</Trans>
          </label>
          <select
            id={ids.room}
            value={filters.room ?? ''}
            onChange={(e) => setFilters({ room: e.target.value || undefined })}
          >
            <option value="">{t`All rooms`}</option>
            {roomOptions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.period}>
            <Trans>When</Trans>
          </label>
          <select
            id={ids.period}
            value={filters.period}
            onChange={(e) => {
              const period =
                (Object.keys(PERIOD_LABEL) as Period[]).find((p) => p === e.target.value) ?? 'all';
              setFilters({ period });
            }}
          >
            {(Object.keys(PERIOD_LABEL) as Period[]).map((p) => (
              <option key={p} value={p}>
                {i18n._(PERIOD_LABEL[p])}
              </option>
            ))}
          </select>
        </div>
        {filters.period === 'date' ? (
          <div className="field">
            <label htmlFor={ids.date}>
              <Trans>Date</Trans>
            </label>
            <input
              id={ids.date}
              type="date"
              value={filters.date ?? ''}
              onChange={(e) => setFilters({ date: e.target.value || undefined })}
            />
          </div>
        ) : null}
      </form>
      <p role="status" aria-live="polite">
        {t`${plural(count, { one: '# visit matches', other: '# visits match' })}`}
      </p>
      <h2 id={ids.heading} className="visually-hidden">
        <Trans>Visits in your rooms</Trans>
      </h2>
      {count ? (
        <Rows
          rows={matching}
          hrefFor={hrefFor}
          roomNames={roomNames}
          zone={zone}
          now={now}
          labelledBy={ids.heading}
          actions={listActions}
        />
      ) : (
        <p className="empty-state">
          <Trans>No visits match these filters.</Trans>
        </p>
      )}
    </>
  );
}
