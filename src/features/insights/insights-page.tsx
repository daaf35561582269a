import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { listVisitMessages } from '@telehealth/client/messages/requests';
import { roomQueries } from '@/api/rooms/queries';
import { surveyQueries } from '@/api/surveys/queries';
import type { SurveyResponseListBody } from '@telehealth/client/surveys/schemas';
import { userQueries } from '@/api/users/queries';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@telehealth/client/visits/schemas';
import { QueryError, QueryState } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { formatDate, zoneInWords } from '@/lib/dates';
import { formatLocale } from '@/lib/locale';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { InsightsChart } from './insights-chart';
import {
  INSIGHT_WEEKS,
  econsultsOf,
  firstReplyHours,
  insightsWindow,
  median,
  oneDecimal,
  percentile,
  satisfactionByWeek,
  visitInsights,
  type InsightsWindow,
  type VisitInsights,
} from './insights-model';
import './insights.css';

/**
 * At most this many e-consult threads are read for the reply figure: one request each, the
 * newest e-consults the viewer takes part in (only participants may read a thread, spec 4.15).
 */
export const REPLY_SAMPLE = 12;
/** The opening of a thread is enough to find the first reply (oldest first is the default order). */
const OPENING_MESSAGES = 20;

/** Same query as the room names of visit lists, so the clinic's rooms are read once. */
const ROOMS_QUERY = roomQueries.list({ page: 1, limit: 100 });

const shortDate = (seconds: number, zone: string) =>
  new Intl.DateTimeFormat(formatLocale(), { month: 'short', day: 'numeric', timeZone: zone }).format(
    new Date(seconds * 1000),
  );
const minutes = (value: number | null) => {
  if (value === null) return '—';
  const amount = oneDecimal(value);
  return t`${amount} min`;
};
const hoursText = (value: number | null) => {
  if (value === null) return '—';
  const amount = oneDecimal(value);
  return t`${amount} h`;
};

/**
 * Clinic insights for the clinic's staff: walk-in waits, visits by week, no-shows and
 * cancellations, e-consult reply times and survey scores over the last eight weeks, from
 * `GET /visits`, the e-consult threads the viewer takes part in, and the survey responses.
 */
export function InsightsPage() {
  const zone = useViewerTimeZone();
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const span = useMemo(() => insightsWindow(now, zone), [now, zone]);
  // `GET /visits` is not paged (spec 4.4): one read from the span's first instant.
  const visitList = useQuery(visitQueries.list({ start_time: span.start - 1 }));
  const surveys = useQuery(surveyQueries.responses('all', { from_time: span.start, to_time: now }));
  const first = span.days[0];
  const last = span.days.at(-1);
  const weeks = INSIGHT_WEEKS;
  const zoneName = zoneInWords(zone);
  const from = first ? formatDate(first.start, zone) : '';
  const to = last ? formatDate(last.start, zone) : '';

  return (
    <Page title={t`Clinic insights`}>
      <p>
        {first && last ? (
          <Trans>
            The last {weeks} weeks, {from} to {to}, in {zoneName}, for the rooms you work in.
          </Trans>
        ) : (
          <Trans>
            The last {weeks} weeks, in {zoneName}, for the rooms you work in.
          </Trans>
        )}
      </p>
      <QueryState
        query={visitList}
        label={t`Loading visits…`}
        errorTitle={t`We couldn't load the clinic's visits`}
      >
        {(list) => <VisitSections visits={list} span={span} zone={zone} />}
      </QueryState>
      <Satisfaction query={surveys} span={span} zone={zone} />
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="insights-figures">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function VisitSections({ visits, span, zone }: { visits: Visit[]; span: InsightsWindow; zone: string }) {
  const figures = useMemo(() => visitInsights(visits, span, zone), [visits, span, zone]);
  return (
    <>
      <Waits figures={figures} zone={zone} />
      <VisitCounts figures={figures} zone={zone} />
      <Replies visits={visits} span={span} zone={zone} />
    </>
  );
}

function Waits({ figures, zone }: { figures: VisitInsights; zone: string }) {
  const rooms = useQuery(ROOMS_QUERY);
  const roomName = (code: string) =>
    rooms.data?.find((room) => room.code === code)?.name ?? t`A room no longer listed`;
  const { overall } = figures;
  const busiest = [...figures.days].sort((a, b) => (b.waits.median ?? 0) - (a.waits.median ?? 0))[0];
  const medianWait = minutes(overall.median);
  const p90Wait = minutes(overall.p90);
  const count = overall.count;
  const daySummary = t`Median ${medianWait}, 90th percentile ${p90Wait} over ${plural(count, { one: '# walk-in', other: '# walk-ins' })}.`;
  let longest = '';
  if (busiest?.waits.median) {
    const date = formatDate(busiest.start, zone);
    const wait = minutes(busiest.waits.median);
    longest = t`Longest median on ${date}: ${wait}.`;
  }
  const roomSummary = (r: (typeof figures.rooms)[number]) => {
    const room = roomName(r.code);
    const roomMedian = minutes(r.median);
    const roomP90 = minutes(r.p90);
    return t`${room}: median ${roomMedian}, 90th percentile ${roomP90}`;
  };
  const byDayTitle = t`Walk-in wait by day`;
  const byRoomTitle = t`Walk-in wait by room`;
  return (
    <Section title={t`Walk-in waits`}>
      <p>
        <Trans>From joining the queue to the start of the visit.</Trans>
      </p>
      <Figures
        items={[
          [t`Median wait`, minutes(overall.median)],
          [t`90th percentile`, minutes(overall.p90)],
          [t`Walk-ins seen`, String(overall.count)],
        ]}
      />
      {overall.count === 0 ? (
        <p>
          <Trans>No walk-in was seen in these weeks.</Trans>
        </p>
      ) : (
        <>
          <InsightsChart
            title={byDayTitle}
            summary={longest ? `${daySummary} ${longest}` : daySummary}
            kind="lines"
            unit={t`minutes`}
            labelEvery={14}
            categories={figures.days.map((d) => shortDate(d.start, zone))}
            series={[
              { name: t`Median`, values: figures.days.map((d) => d.waits.median) },
              { name: t`90th percentile`, values: figures.days.map((d) => d.waits.p90) },
            ]}
            table={
              <table>
                <caption className="visually-hidden">{byDayTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Day</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Walk-ins seen</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Median wait</Trans>
                    </th>
                    <th scope="col">
                      <Trans>90th percentile</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.days.map((d) => (
                    <tr key={d.key}>
                      <th scope="row">{formatDate(d.start, zone)}</th>
                      <td>{d.waits.count}</td>
                      <td>{minutes(d.waits.median)}</td>
                      <td>{minutes(d.waits.p90)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
          {rooms.isPending ? <Spinner label={t`Loading room names…`} /> : null}
          <QueryError query={rooms} />
          {rooms.data ? (
            <InsightsChart
              title={byRoomTitle}
              summary={figures.rooms.map(roomSummary).join('; ')}
              kind="bars"
              unit={t`minutes`}
              categories={figures.rooms.map((r) => roomName(r.code))}
              series={[
                { name: t`Median`, values: figures.rooms.map((r) => r.median) },
                { name: t`90th percentile`, values: figures.rooms.map((r) => r.p90) },
              ]}
              table={
                <table>
                  <caption className="visually-hidden">{byRoomTitle}</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Room</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Walk-ins seen</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Median wait</Trans>
                      </th>
                      <th scope="col">
                        <Trans>90th percentile</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.rooms.map((r) => (
                      <tr key={r.code}>
                        <th scope="row">{roomName(r.code)}</th>
                        <td>{r.count}</td>
                        <td>{minutes(r.median)}</td>
                        <td>{minutes(r.p90)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              }
            />
          ) : null}
        </>
      )}
    </Section>
  );
}

function VisitCounts({ figures, zone }: { figures: VisitInsights; zone: string }) {
  const { totals, weeks } = figures;
  const weekLabels = weeks.map((w) => shortDate(w.start, zone));
  const walkins = totals.walkins;
  const appointments = totals.appointments;
  const weekCount = weeks.length;
  const busiestWeek =
    weekLabels[
      weeks.reduce(
        (best, w, i) =>
          w.walkins + w.appointments > (weeks[best]?.walkins ?? 0) + (weeks[best]?.appointments ?? 0)
            ? i
            : best,
        0,
      )
    ] ?? '';
  const visitsSummary = t`${plural(walkins, { one: '# walk-in', other: '# walk-ins' })} and ${plural(appointments, { one: '# appointment', other: '# appointments' })} over ${plural(weekCount, { one: '# week', other: '# weeks' })}; busiest week ${busiestWeek}.`;
  const noShows = totals.noShows;
  const cancellations = totals.cancellations;
  const visitCount = totals.walkins + totals.appointments;
  const noShowSummary = t`${plural(noShows, { one: '# no-show', other: '# no-shows' })} and ${plural(cancellations, { one: '# cancellation', other: '# cancellations' })} of ${plural(visitCount, { one: '# walk-in or appointment', other: '# walk-ins and appointments' })}.`;
  const noShowTitle = t`No-shows and cancellations by week`;
  return (
    <>
      <Section title={t`Walk-ins and appointments`}>
        <Figures
          items={[
            [t`Walk-ins`, String(totals.walkins)],
            [t`Appointments`, String(totals.appointments)],
            [t`E-consults`, String(totals.econsults)],
          ]}
        />
        <InsightsChart
          title={t`Visits by week`}
          summary={visitsSummary}
          kind="bars"
          unit={t`visits`}
          categories={weekLabels}
          series={[
            { name: t`Walk-ins`, values: weeks.map((w) => w.walkins) },
            { name: t`Appointments`, values: weeks.map((w) => w.appointments) },
          ]}
          table={
            <table>
              <caption className="visually-hidden">
                <Trans>Visits by day</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Day</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Walk-ins</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Appointments</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.days.map((d) => (
                  <tr key={d.key}>
                    <th scope="row">{formatDate(d.start, zone)}</th>
                    <td>{d.walkins}</td>
                    <td>{d.appointments}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </Section>
      <Section title={t`No-shows and cancellations`}>
        <p>
          <Trans>
            A no-show is a walk-in or appointment that was closed without ever starting, or that is still
            waiting an hour after its end. A cancellation is a visit cancelled by the patient or the clinic.
          </Trans>
        </p>
        <Figures
          items={[
            [t`No-shows`, String(totals.noShows)],
            [t`Cancellations`, String(totals.cancellations)],
          ]}
        />
        <InsightsChart
          title={noShowTitle}
          summary={noShowSummary}
          kind="bars"
          unit={t`visits`}
          categories={weekLabels}
          series={[
            { name: t`No-shows`, values: weeks.map((w) => w.noShows) },
            { name: t`Cancellations`, values: weeks.map((w) => w.cancellations) },
          ]}
          table={
            <table>
              <caption className="visually-hidden">{noShowTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Week starting</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Walk-ins and appointments</Trans>
                  </th>
                  <th scope="col">
                    <Trans>No-shows</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Cancellations</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((w) => (
                  <tr key={w.start}>
                    <th scope="row">{formatDate(w.start, zone)}</th>
                    <td>{w.walkins + w.appointments}</td>
                    <td>{w.noShows}</td>
                    <td>{w.cancellations}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </Section>
    </>
  );
}

/** The opening of one e-consult's thread; not retried (a thread the viewer may not read stays out). */
const openingOf = (visitId: string) =>
  queryOptions({
    queryKey: ['messages', 'opening', visitId] as const,
    queryFn: ({ signal }) => listVisitMessages(visitId, { limit: OPENING_MESSAGES }, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

const takesPart = (visit: Visit, userId: string) =>
  String(visit.provider_id ?? '') === userId ||
  (visit.hosts ?? []).some((h) => (typeof h === 'object' ? String(h.id) : String(h)) === userId);

function Replies({ visits, span, zone }: { visits: Visit[]; span: InsightsWindow; zone: string }) {
  const me = useQuery(userQueries.me());
  const econsults = useMemo(() => econsultsOf(visits, span), [visits, span]);
  const sample = useMemo(
    () => (me.data ? econsults.filter((v) => takesPart(v, String(me.data.id))).slice(0, REPLY_SAMPLE) : []),
    [econsults, me.data],
  );
  const threads = useQueries({ queries: sample.map((v) => openingOf(v.id)) });
  const replies = sample.flatMap((visit, i) => {
    const data = threads[i]?.data;
    const hours = data ? firstReplyHours(visit, data.data) : null;
    return hours === null ? [] : [{ visit, hours }];
  });
  const loading = me.isPending || threads.some((q) => q.isPending);
  const hours = replies.map((r) => r.hours);
  const byWeek = span.weeks.map((start, i) => {
    const end = span.weeks[i + 1] ?? Infinity;
    const week = replies.filter((r) => Number(r.visit.created) >= start && Number(r.visit.created) < end);
    return { start, count: week.length, median: median(week.map((r) => r.hours)) };
  });
  const sampleSize = REPLY_SAMPLE;
  const econsultCount = econsults.length;
  const intro = t`Time from the e-consult to the first written reply, read from the threads of the ${plural(sampleSize, { one: '# newest e-consult', other: '# newest e-consults' })} you take part in (${plural(econsultCount, { one: '# e-consult', other: '# e-consults' })} in your rooms in these weeks).`;
  const read = replies.length;
  const sampled = sample.length;
  const medianReply = hoursText(median(hours));
  const p90Reply = hoursText(percentile(hours, 90));
  const replySummary = t`Median ${medianReply}, 90th percentile ${p90Reply} over ${plural(read, { one: '# e-consult', other: '# e-consults' })}.`;
  const byWeekTitle = t`First reply by week`;
  return (
    <Section title={t`E-consult replies`}>
      <p>{intro}</p>
      {loading ? <Spinner label={t`Loading e-consult threads…`} /> : null}
      <QueryError query={me} />
      {!loading && replies.length === 0 ? (
        <p>
          <Trans>No e-consult you take part in has a reply in these weeks.</Trans>
        </p>
      ) : null}
      {replies.length ? (
        <>
          <Figures
            items={[
              [t`Median first reply`, medianReply],
              [t`90th percentile`, p90Reply],
              [t`Threads read`, t`${read} of ${sampled}`],
            ]}
          />
          <InsightsChart
            title={byWeekTitle}
            summary={replySummary}
            kind="bars"
            unit={t`hours`}
            categories={byWeek.map((w) => shortDate(w.start, zone))}
            series={[{ name: t`Median first reply`, values: byWeek.map((w) => w.median) }]}
            table={
              <table>
                <caption className="visually-hidden">{byWeekTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Week starting</Trans>
                    </th>
                    <th scope="col">
                      <Trans>E-consults read</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Median first reply</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {byWeek.map((w) => (
                    <tr key={w.start}>
                      <th scope="row">{formatDate(w.start, zone)}</th>
                      <td>{w.count}</td>
                      <td>{hoursText(w.median)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
        </>
      ) : null}
    </Section>
  );
}

function Satisfaction({
  query,
  span,
  zone,
}: {
  query: UseQueryResult<SurveyResponseListBody>;
  span: InsightsWindow;
  zone: string;
}) {
  return (
    <Section title={t`Satisfaction`}>
      <QueryState
        query={query}
        label={t`Loading survey responses…`}
        errorTitle={t`We couldn't load the survey responses`}
      >
        {(body) => {
          const weeks = satisfactionByWeek(body.data, span, zone);
          const scored = weeks.filter((w) => w.average !== null);
          const count = weeks.reduce((n, w) => n + w.responses, 0);
          const firstWeek = scored[0];
          const lastWeek = scored.at(-1);
          if (!firstWeek || !lastWeek)
            return (
              <p>
                <Trans>No survey response with a score in these weeks.</Trans>
              </p>
            );
          const firstAverage = oneDecimal(firstWeek.average ?? 0);
          const firstDate = formatDate(firstWeek.start, zone);
          const lastAverage = oneDecimal(lastWeek.average ?? 0);
          const lastDate = formatDate(lastWeek.start, zone);
          const scoreTitle = t`Average score by week`;
          return (
            <>
              <p>
                <Trans>Average score out of 5 from survey responses, by week.</Trans>
              </p>
              <InsightsChart
                title={scoreTitle}
                summary={t`${plural(count, { one: '# scored response', other: '# scored responses' })}; from ${firstAverage} in the week of ${firstDate} to ${lastAverage} in the week of ${lastDate}, out of 5.`}
                kind="lines"
                unit={t({ message: 'of 5', context: 'chart axis unit: a score out of 5' })}
                max={5}
                categories={weeks.map((w) => shortDate(w.start, zone))}
                series={[{ name: t`Average score`, values: weeks.map((w) => w.average) }]}
                table={
                  <table>
                    <caption className="visually-hidden">{scoreTitle}</caption>
                    <thead>
                      <tr>
                        <th scope="col">
                          <Trans>Week starting</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Scored responses</Trans>
                        </th>
                        <th scope="col">
                          <Trans>Average of 5</Trans>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {weeks.map((w) => (
                        <tr key={w.start}>
                          <th scope="row">{formatDate(w.start, zone)}</th>
                          <td>{w.responses}</td>
                          <td>{w.average === null ? '—' : oneDecimal(w.average)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                }
              />
            </>
          );
        }}
      </QueryState>
    </Section>
  );
}
